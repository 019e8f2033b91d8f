import { Badge, Table, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { formatYuan, PAY_METHOD_LABEL, PAY_STATUS, PAY_STATUS_LABEL } from '../../../schemas/payment.ts'
import { getOrders } from '../../api/payment.ts'
import { Pager } from '../../components/pager.tsx'
import { useLoad } from '../../lib/use-load.ts'
import { TabFrame } from './tab-frame.tsx'

const PAGE_SIZE = 10
const STATUS_COLOR = {
  [PAY_STATUS.pending]: 'orange',
  [PAY_STATUS.success]: 'green',
  [PAY_STATUS.closed]: 'gray',
}

/** Order: every order with its status, amount, method and time. */
export function OrderTab() {
  const [page, setPage] = useState(1)
  const loaded = useLoad(() => getOrders(page, PAGE_SIZE), [page])
  return (
    <TabFrame title="我的订单" loaded={loaded}>
      {({ rows, total }) =>
        total === 0 ? (
          <Text color="fg.muted">暂无订单</Text>
        ) : (
          <>
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
              <Table.Root size="sm" data-testid="mine-orders">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>订单号</Table.ColumnHeader>
                    <Table.ColumnHeader>商品</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">金额</Table.ColumnHeader>
                    <Table.ColumnHeader>支付方式</Table.ColumnHeader>
                    <Table.ColumnHeader>状态</Table.ColumnHeader>
                    <Table.ColumnHeader>下单时间</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((order) => (
                    <Table.Row key={order.orderNumber}>
                      <Table.Cell fontFamily="mono" fontSize="xs">
                        {order.orderNumber}
                      </Table.Cell>
                      <Table.Cell>{order.subject}</Table.Cell>
                      <Table.Cell textAlign="end">¥{formatYuan(order.amountFen)}</Table.Cell>
                      <Table.Cell>{PAY_METHOD_LABEL[order.method]}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={STATUS_COLOR[order.status]}>
                          {PAY_STATUS_LABEL[order.status]}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{formatBeijing(new Date(order.createTime))}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
          </>
        )
      }
    </TabFrame>
  )
}
