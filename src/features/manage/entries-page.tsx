import { Badge, Button, Group, HStack, Input, Link, Stack, Text, Wrap } from '@chakra-ui/react'
import { type FormEvent, useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { listEntries, listManageCompetitions, type ManageEntryRow } from '../../api/manage.ts'
import {
  FilterSelect,
  filterParam,
  pageParam,
  useFilterNavigation,
} from '../../components/directory-filters.tsx'
import { Pager } from '../../components/pager.tsx'
import { type RecordColumn, RecordTable } from '../../components/record-table.tsx'
import { paths } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { ConsoleFrame, LoadState } from './console-frame.tsx'
import { ModerationBadge } from './moderation-badge.tsx'

const PAGE_SIZE = 20
const CHOICE = /^[\w-]{1,64}$/
/** The table's filters, each kept in the URL query under its own name. */
const FILTERS = ['range', 'entrantType', 'paid', 'submitted', 'state', 'q', 'sort', 'order'] as const
const SORTS: Array<[string, string]> = [
  ['created', '报名时间'],
  ['updated', '最近更新'],
  ['number', '参赛编号'],
  ['name', '姓名'],
]

/**
 * /manage/entries?competitionId=…: the entries table of one competition. Filters, search, sort and
 * page live in the URL query, so a filtered table can be shared, reloaded and gone back to.
 */
export function Component() {
  const [query] = useSearchParams()
  const competitionId = Number(filterParam(query, 'competitionId', /^\d{1,9}$/)) || 0
  return (
    <ConsoleFrame title="报名表" back={{ label: '赛事', to: paths.manage.path }}>
      {() => <Entries competitionId={competitionId} query={query} />}
    </ConsoleFrame>
  )
}

function Entries({ competitionId, query }: { competitionId: number; query: URLSearchParams }) {
  const filters = {
    competitionId: String(competitionId),
    range: filterParam(query, 'range', CHOICE),
    entrantType: filterParam(query, 'entrantType', CHOICE),
    paid: filterParam(query, 'paid', /^(yes|no)$/),
    submitted: filterParam(query, 'submitted', /^(yes|no)$/),
    state: filterParam(query, 'state', /^(none|returned|disqualified)$/),
    q: (query.get('q') ?? '').trim().slice(0, 50),
    sort: filterParam(query, 'sort', /^(created|updated|number|name)$/),
    order: filterParam(query, 'order', /^(asc|desc)$/),
  }
  const page = pageParam(query)
  const { setFilter, pageHref } = useFilterNavigation(paths.manageEntries.path, filters)
  const competition = useLoad(() => listManageCompetitions(competitionId), [competitionId])
  const key = JSON.stringify(filters) + page
  const entries = useLoad(
    () =>
      listEntries({
        ...Object.fromEntries(FILTERS.map((f) => [f, filters[f] || undefined])),
        competitionId,
        pageNum: page,
        pageSize: PAGE_SIZE,
      }),
    [key],
  )
  const c = competition.data?.[0]
  return (
    <Stack gap="4">
      {c && (
        <Text color="fg.muted" data-testid="entries-competition">
          {c.title} · 报名 {c.registrations} · 已提交 {c.submitted}
        </Text>
      )}
      <Wrap gap="3" align="flex-end" data-testid="entries-filters">
        <FilterSelect
          label="参赛类别"
          value={filters.range}
          options={(c?.byRange ?? []).map((b) => [b.value, b.label])}
          onChange={(range) => setFilter({ range })}
        />
        <FilterSelect
          label="参赛身份"
          value={filters.entrantType}
          options={(c?.byEntrantType ?? []).map((b) => [b.value, b.label])}
          onChange={(entrantType) => setFilter({ entrantType })}
        />
        <FilterSelect
          label="缴费"
          value={filters.paid}
          options={[
            ['yes', '已缴费'],
            ['no', '未缴费'],
          ]}
          onChange={(paid) => setFilter({ paid })}
        />
        <FilterSelect
          label="提交"
          value={filters.submitted}
          options={[
            ['yes', '已提交'],
            ['no', '未提交'],
          ]}
          onChange={(submitted) => setFilter({ submitted })}
        />
        <FilterSelect
          label="处理状态"
          value={filters.state}
          options={[
            ['none', '未处理'],
            ['returned', '已退回修改'],
            ['disqualified', '已取消资格'],
          ]}
          onChange={(state) => setFilter({ state })}
        />
        <FilterSelect
          label="排序"
          value={filters.sort}
          allLabel="报名时间"
          options={SORTS.slice(1)}
          onChange={(sort) => setFilter({ sort })}
        />
        <FilterSelect
          label="顺序"
          value={filters.order}
          allLabel="从新到旧"
          options={[['asc', '从旧到新']]}
          onChange={(order) => setFilter({ order })}
        />
      </Wrap>
      <SearchBox value={filters.q} onSearch={(q) => setFilter({ q })} />
      <LoadState
        loaded={entries}
        empty={{ text: '没有符合条件的报名。', isEmpty: (t) => t.rows.length === 0 }}
      >
        {(table) => (
          <Stack gap="3">
            <RecordTable
              rows={table.rows}
              columns={columns(competitionId, c?.payRequired ?? true)}
              rowKey={(r) => r.id}
              testId="entries-table"
              title={(r) => (
                <Link asChild colorPalette="brand">
                  <RouterLink to={paths.manageEntry.getHref(competitionId, r.id)}>
                    {r.name}
                    {r.number ? `（${r.number}）` : ''}
                  </RouterLink>
                </Link>
              )}
            />
            <Pager page={page} pageSize={PAGE_SIZE} total={table.total} hrefOf={pageHref} />
          </Stack>
        )}
      </LoadState>
    </Stack>
  )
}

function SearchBox({ value, onSearch }: { value: string; onSearch(q: string): void }) {
  const [text, setText] = useState(value)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSearch(text.trim())
  }
  return (
    <search>
      <form onSubmit={submit}>
        <Group attached w="full" maxW="xl">
          <Input
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="参赛编号、姓名、账号或作品名称"
            aria-label="搜索报名"
            maxLength={50}
            bg="bg"
            name="q"
          />
          <Button type="submit" colorPalette="brand">
            搜索
          </Button>
        </Group>
      </form>
    </search>
  )
}

const columns = (competitionId: number, payRequired: boolean): RecordColumn<ManageEntryRow>[] => [
  {
    header: '参赛编号',
    nowrap: true,
    inCard: false,
    cell: (r) => (
      <Link asChild colorPalette="brand" fontFamily="mono">
        <RouterLink to={paths.manageEntry.getHref(competitionId, r.id)}>
          {r.number ?? `报名 ${r.id}`}
        </RouterLink>
      </Link>
    ),
  },
  { header: '姓名', cell: (r) => r.name, inCard: false },
  { header: '账号', cell: (r) => r.account },
  { header: '参赛身份', cell: (r) => r.entrantTypeLabel },
  {
    header: '作品',
    cell: (r) =>
      r.works.length ? (
        <Stack gap="0">
          {r.works.map((w) => (
            <Text key={w.id}>
              {w.title || `作品 ${w.id}`}
              <Text as="span" color="fg.muted">
                {w.rangeLabel ? `（${w.rangeLabel}）` : ''}
              </Text>
            </Text>
          ))}
        </Stack>
      ) : (
        <Text color="fg.muted">无</Text>
      ),
  },
  {
    header: '状态',
    cell: (r) => (
      <HStack gap="1" wrap="wrap" justify={{ base: 'flex-end', md: 'flex-start' }}>
        {(payRequired || r.paid) && (
          <Badge colorPalette={r.paid ? 'green' : 'orange'}>{r.paid ? '已缴费' : '未缴费'}</Badge>
        )}
        <Badge colorPalette={r.submitted ? 'green' : 'gray'}>{r.submitted ? '已提交' : '未提交'}</Badge>
        <ModerationBadge moderation={r.moderation} />
      </HStack>
    ),
  },
  { header: '报名时间', nowrap: true, cell: (r) => formatBeijing(Date.parse(r.createdAt)) },
]
