import { Badge, Stack, Text } from '@chakra-ui/react'
import { useSearchParams } from 'react-router'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { formatYuan } from '../../../schemas/payment.ts'
import { listRefundCases } from '../../api/manage.ts'
import { pageParam, useFilterNavigation } from '../../components/directory-filters.tsx'
import { Pager } from '../../components/pager.tsx'
import { RecordTable } from '../../components/record-table.tsx'
import { paths } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { ConsoleFrame, LoadState } from './console-frame.tsx'

const PAGE_SIZE = 20

/** /manage/refunds: payments owed back (an entry fee paid twice); organisers see their competitions'. */
export function Component() {
  return <ConsoleFrame title="退款案例">{() => <Refunds />}</ConsoleFrame>
}

function Refunds() {
  const [query] = useSearchParams()
  const page = pageParam(query)
  const { pageHref } = useFilterNavigation(paths.manageRefunds.path, {})
  const rows = useLoad(() => listRefundCases({ pageNum: page, pageSize: PAGE_SIZE }), [page])
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        同一报名重复缴纳的报名费须原路退回；办理退款后请用 npm run refund-cases 记录结果。
      </Text>
      <LoadState loaded={rows} empty={{ text: '暂无退款案例。', isEmpty: (t) => t.rows.length === 0 }}>
        {(table) => (
          <Stack gap="3">
            <RecordTable
              rows={table.rows}
              columns={[
                { header: '订单号', cell: (r) => r.orderNumber, inCard: false },
                { header: '账号', cell: (r) => r.account },
                { header: '金额', nowrap: true, align: 'end', cell: (r) => `¥${formatYuan(r.amountFen)}` },
                { header: '原因', cell: (r) => r.reasonLabel },
                { header: '赛事', cell: (r) => r.competitionTitle ?? '—' },
                {
                  header: '状态',
                  cell: (r) => (
                    <Badge colorPalette={r.status === 'open' ? 'orange' : 'green'}>
                      {r.status === 'open' ? '待退款' : '已退款'}
                    </Badge>
                  ),
                },
                { header: '发生时间', nowrap: true, cell: (r) => formatBeijing(Date.parse(r.createdAt)) },
              ]}
              rowKey={(r) => r.id}
              testId="refunds-table"
              title={(r) => r.orderNumber}
            />
            <Pager page={page} pageSize={PAGE_SIZE} total={table.total} hrefOf={pageHref} />
          </Stack>
        )}
      </LoadState>
    </Stack>
  )
}
