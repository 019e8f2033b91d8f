import { Stack } from '@chakra-ui/react'
import { useSearchParams } from 'react-router'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { listLandingPages, listLandingSignups } from '../../api/manage.ts'
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

/** /manage/signups: the sign-ups of each landing page (admins). */
export function Component() {
  return <ConsoleFrame title="落地页报名">{() => <Signups />}</ConsoleFrame>
}

function Signups() {
  const [query] = useSearchParams()
  const slug = filterParam(query, 'slug', SLUG)
  const page = pageParam(query)
  const { setFilter, pageHref } = useFilterNavigation(paths.manageSignups.path, { slug })
  const pages = useLoad(listLandingPages, [])
  const rows = useLoad(
    () => listLandingSignups({ slug: slug || undefined, pageNum: page, pageSize: PAGE_SIZE }),
    [slug, page],
  )
  const titleOf = (s: string) => pages.data?.find((p) => p.slug === s)?.title ?? s
  return (
    <Stack gap="4">
      <LoadState loaded={pages}>
        {(list) => (
          <PagePicker
            pages={list}
            current={slug}
            count={(p) => `${p.signups} 人`}
            onPick={(next) => setFilter({ slug: next })}
          />
        )}
      </LoadState>
      <LoadState loaded={rows} empty={{ text: '暂无报名。', isEmpty: (t) => t.rows.length === 0 }}>
        {(table) => (
          <Stack gap="3">
            <RecordTable
              rows={table.rows}
              columns={signupColumns(titleOf)}
              rowKey={(r) => r.id}
              testId="signups-table"
              title={(r) => `${formatBeijing(Date.parse(r.createdAt))} · ${r.phone}`}
            />
            <Pager page={page} pageSize={PAGE_SIZE} total={table.total} hrefOf={pageHref} />
          </Stack>
        )}
      </LoadState>
    </Stack>
  )
}
