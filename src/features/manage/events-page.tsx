import { Button, HStack, Stack } from '@chakra-ui/react'
import { useSearchParams } from 'react-router'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import {
  type CheckInRow,
  listCheckIns,
  listEventEntries,
  listEventPages,
  type SignupRow,
} from '../../api/manage.ts'
import { filterParam, pageParam, useFilterNavigation } from '../../components/directory-filters.tsx'
import { Pager } from '../../components/pager.tsx'
import { RecordTable } from '../../components/record-table.tsx'
import { paths } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { ConsoleFrame, LoadState } from './console-frame.tsx'
import { PagePicker } from './page-picker.tsx'
import { signupColumns } from './signup-columns.tsx'

const PAGE_SIZE = 20
const SLUG = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/

/** /manage/events: each event's online entries and on-site check-ins (admins). */
export function Component() {
  return <ConsoleFrame title="活动报名与签到">{() => <Events />}</ConsoleFrame>
}

function Events() {
  const [query] = useSearchParams()
  const slug = filterParam(query, 'slug', SLUG)
  const tab = filterParam(query, 'tab', /^checkins$/) ? 'checkins' : ''
  const page = pageParam(query)
  const { setFilter, pageHref } = useFilterNavigation(paths.manageEvents.path, { slug, tab })
  const pages = useLoad(listEventPages, [])
  const params = { slug: slug || undefined, pageNum: page, pageSize: PAGE_SIZE }
  const rows = useLoad<{ rows: Array<SignupRow | CheckInRow>; total: number }>(
    () => (tab ? listCheckIns(params) : listEventEntries(params)),
    [slug, tab, page],
  )
  const titleOf = (s: string) => pages.data?.find((p) => p.slug === s)?.title ?? s
  return (
    <Stack gap="4">
      <LoadState loaded={pages}>
        {(list) => (
          <PagePicker
            pages={list}
            current={slug}
            count={(p) => `报名 ${p.signups} · 签到 ${p.checkIns}`}
            onPick={(next) => setFilter({ slug: next })}
          />
        )}
      </LoadState>
      <HStack gap="2" role="tablist" aria-label="记录类型">
        {[
          ['', '在线报名'],
          ['checkins', '现场签到'],
        ].map(([value, label]) => (
          <Button
            key={value}
            size="sm"
            role="tab"
            aria-selected={tab === value}
            variant={tab === value ? 'solid' : 'outline'}
            colorPalette="brand"
            onClick={() => setFilter({ tab: value! })}
          >
            {label}
          </Button>
        ))}
      </HStack>
      <LoadState loaded={rows} empty={{ text: '暂无记录。', isEmpty: (t) => t.rows.length === 0 }}>
        {(table) => (
          <Stack gap="3">
            {tab ? (
              <RecordTable
                rows={table.rows as CheckInRow[]}
                columns={[
                  {
                    header: '时间',
                    nowrap: true,
                    cell: (r) => formatBeijing(Date.parse(r.createdAt)),
                    inCard: false,
                  },
                  { header: '活动', cell: (r) => titleOf(r.slug) },
                  { header: '姓名', cell: (r) => r.name },
                  { header: '手机号', nowrap: true, cell: (r) => r.phone },
                ]}
                rowKey={(r) => r.id}
                testId="checkins-table"
                title={(r) => `${formatBeijing(Date.parse(r.createdAt))} · ${r.name}`}
              />
            ) : (
              <RecordTable
                rows={table.rows as SignupRow[]}
                columns={signupColumns(titleOf)}
                rowKey={(r) => r.id}
                testId="event-entries-table"
                title={(r) => `${formatBeijing(Date.parse(r.createdAt))} · ${r.phone}`}
              />
            )}
            <Pager page={page} pageSize={PAGE_SIZE} total={table.total} hrefOf={pageHref} />
          </Stack>
        )}
      </LoadState>
    </Stack>
  )
}
