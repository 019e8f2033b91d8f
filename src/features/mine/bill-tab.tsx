import { Table, Tabs, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { BillRow } from '../../../schemas/api/payment.ts'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { formatYuan } from '../../../schemas/payment.ts'
import { getBills } from '../../api/payment.ts'
import { Pager } from '../../components/pager.tsx'
import { useLoad } from '../../lib/use-load.ts'
import { TabFrame } from './tab-frame.tsx'

const PAGE_SIZE = 10

/** A signed amount as it reads in a bill: money in yuan, points as a count. */
const signed = (kind: BillRow['kind'], n: number) =>
  kind === 'money'
    ? `${n > 0 ? '+' : ''}${n < 0 ? '-' : ''}¥${formatYuan(Math.abs(n))}`
    : `${n > 0 ? '+' : ''}${n}`

/** Bill: the money and points ledgers. */
export function BillTab() {
  const [kind, setKind] = useState<BillRow['kind']>('money')
  const [page, setPage] = useState(1)
  const loaded = useLoad(() => getBills(kind, page, PAGE_SIZE), [kind, page])
  return (
    <TabFrame title="我的账户" loaded={undefined}>
      {() => (
        <Tabs.Root
          value={kind}
          onValueChange={(e) => {
            setKind(e.value as BillRow['kind'])
            setPage(1)
          }}
          variant="line"
          colorPalette="brand"
        >
          <Tabs.List>
            <Tabs.Trigger value="money">余额明细</Tabs.Trigger>
            <Tabs.Trigger value="integral">积分明细</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value={kind}>
            <TabFrame loaded={loaded}>
              {({ rows, total }) =>
                total === 0 ? (
                  <Text color="fg.muted">暂无记录</Text>
                ) : (
                  <>
                    <Table.ScrollArea borderWidth="1px" borderRadius="md">
                      <Table.Root size="sm" data-testid={`mine-bills-${kind}`}>
                        <Table.Header>
                          <Table.Row>
                            <Table.ColumnHeader>时间</Table.ColumnHeader>
                            <Table.ColumnHeader>说明</Table.ColumnHeader>
                            <Table.ColumnHeader textAlign="end">变动</Table.ColumnHeader>
                            <Table.ColumnHeader textAlign="end">
                              {kind === 'money' ? '余额' : '积分余额'}
                            </Table.ColumnHeader>
                          </Table.Row>
                        </Table.Header>
                        <Table.Body>
                          {rows.map((row) => (
                            <Table.Row key={row.id}>
                              <Table.Cell whiteSpace="nowrap">
                                {formatBeijing(new Date(row.createTime))}
                              </Table.Cell>
                              <Table.Cell>{row.memo}</Table.Cell>
                              <Table.Cell textAlign="end" color={row.amount < 0 ? 'red.600' : 'green.700'}>
                                {signed(kind, row.amount)}
                              </Table.Cell>
                              <Table.Cell textAlign="end">
                                {kind === 'money' ? `¥${formatYuan(row.balanceAfter)}` : row.balanceAfter}
                              </Table.Cell>
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
          </Tabs.Content>
        </Tabs.Root>
      )}
    </TabFrame>
  )
}
