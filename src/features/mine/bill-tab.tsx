import { Tabs, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { BillRow } from '../../../schemas/api/payment.ts'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { formatYuan } from '../../../schemas/payment.ts'
import { getBills } from '../../api/payment.ts'
import { Pager } from '../../components/pager.tsx'
import { type RecordColumn, RecordTable } from '../../components/record-table.tsx'
import { useLoad } from '../../lib/use-load.ts'
import { TabFrame } from './tab-frame.tsx'

const PAGE_SIZE = 10

/** A signed amount as it reads in a bill: money in yuan, points as a count. */
const signed = (kind: BillRow['kind'], n: number) =>
  kind === 'money'
    ? `${n > 0 ? '+' : ''}${n < 0 ? '-' : ''}¥${formatYuan(Math.abs(n))}`
    : `${n > 0 ? '+' : ''}${n}`

const columnsOf = (kind: BillRow['kind']): RecordColumn<BillRow>[] => [
  { header: '时间', cell: (row) => formatBeijing(new Date(row.createTime)), nowrap: true },
  { header: '说明', cell: (row) => row.memo, inCard: false },
  {
    header: '变动',
    align: 'end',
    cell: (row) => (
      <Text as="span" color={row.amount < 0 ? 'red.700' : 'green.700'}>
        {signed(kind, row.amount)}
      </Text>
    ),
  },
  {
    header: kind === 'money' ? '余额' : '积分余额',
    align: 'end',
    cell: (row) => (kind === 'money' ? `¥${formatYuan(row.balanceAfter)}` : row.balanceAfter),
  },
]

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
                    <RecordTable
                      rows={rows}
                      columns={columnsOf(kind)}
                      rowKey={(row) => row.id}
                      title={(row) => row.memo}
                      testId={`mine-bills-${kind}`}
                    />
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
