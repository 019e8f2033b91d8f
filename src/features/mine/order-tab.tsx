import { Badge, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { OrderRow } from '../../../schemas/api/payment.ts'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { formatYuan, PAY_METHOD_LABEL, PAY_STATUS, PAY_STATUS_LABEL } from '../../../schemas/payment.ts'
import { getOrders } from '../../api/payment.ts'
import { Pager } from '../../components/pager.tsx'
import { type RecordColumn, RecordTable } from '../../components/record-table.tsx'
import { useLoad } from '../../lib/use-load.ts'
import { TabFrame } from './tab-frame.tsx'

const PAGE_SIZE = 10
const STATUS_COLOR = {
  [PAY_STATUS.pending]: 'orange',
  [PAY_STATUS.success]: 'green',
  [PAY_STATUS.closed]: 'gray',
}

const COLUMNS: RecordColumn<OrderRow>[] = [
  {
    header: '订单号',
    cell: (order) => (
      <Text as="span" fontFamily="mono" fontSize="xs">
        {order.orderNumber}
      </Text>
    ),
  },
  { header: '商品', cell: (order) => order.subject, inCard: false },
  { header: '金额', cell: (order) => `¥${formatYuan(order.amountFen)}`, align: 'end' },
  { header: '支付方式', cell: (order) => PAY_METHOD_LABEL[order.method] },
  {
    header: '状态',
    cell: (order) => (
      <Badge colorPalette={STATUS_COLOR[order.status]}>{PAY_STATUS_LABEL[order.status]}</Badge>
    ),
  },
  { header: '下单时间', cell: (order) => formatBeijing(new Date(order.createTime)), nowrap: true },
]

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
            <RecordTable
              rows={rows}
              columns={COLUMNS}
              rowKey={(order) => order.orderNumber}
              title={(order) => order.subject}
              testId="mine-orders"
            />
            <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
          </>
        )
      }
    </TabFrame>
  )
}
