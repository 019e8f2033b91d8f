import { Badge, Box, Container, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { type LoaderFunctionArgs, Link as RouterLink, useLoaderData } from 'react-router'
import { SEARCH_KINDS, type SearchKind } from '../../../schemas/api/content.ts'
import { type SearchGroup, type SearchHit, search, searchGroups } from '../../api/content.ts'
import { Pager } from '../../components/pager.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'
import { isExternalUrl } from '../../lib/safe-url.ts'

const PAGE_SIZE = 10

const isKind = (value: string | null): value is SearchKind => SEARCH_KINDS.includes(value as SearchKind)

const kindPath = (keyword: string, kind?: SearchKind, page?: number) => {
  const q = new URLSearchParams({ keyword })
  if (kind) q.set('kind', kind)
  if (page && page > 1) q.set('page', String(page))
  return `${paths.search.path}?${q}`
}

/**
 * /search/index?keyword — every kind's first matches grouped (designers, works, news, quotations,
 * talents, competitions, campaign pages, columns, agreements); `&kind=` lists one kind, paged.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams
  const keyword = (query.get('keyword') ?? '').trim().slice(0, 50)
  const kind = query.get('kind')
  const page = Math.max(1, Math.min(100_000, Math.floor(Number(query.get('page'))) || 1))
  if (!keyword) return { keyword, view: 'empty' as const }
  if (isKind(kind)) {
    const { rows, total } = await search(keyword, kind, page, PAGE_SIZE)
    return { keyword, view: 'kind' as const, kind, page, rows, total }
  }
  const groups = await searchGroups(keyword)
  return { keyword, view: 'groups' as const, groups, total: groups.reduce((n, g) => n + g.total, 0) }
}

type Data = Awaited<ReturnType<typeof loader>>

export const handle = pageHead<Data>((data) => ({
  title: data.keyword ? `“${data.keyword}”的搜索结果` : '站内搜索',
  description: '在咖簿网搜索设计师、确权作品、资讯、设计报价、人才、竞赛与专题活动。',
  // A shared result link opens the same results.
  canonical: data.keyword
    ? kindPath(
        data.keyword,
        data.view === 'kind' ? data.kind : undefined,
        data.view === 'kind' ? data.page : 1,
      )
    : paths.search.path,
}))

function Result({ hit }: { hit: SearchHit }) {
  const title = isExternalUrl(hit.url) ? (
    <Link href={hit.url} target="_blank" rel="noopener noreferrer">
      {hit.title}
    </Link>
  ) : (
    <Link asChild>
      <RouterLink to={hit.url}>{hit.title}</RouterLink>
    </Link>
  )
  return (
    <Box as="li" bg="bg" p="5" borderRadius="lg" borderWidth="1px" data-testid="search-result">
      <HStack gap="2" mb="1" align="baseline">
        <Badge colorPalette="brand" variant="subtle" flexShrink="0">
          {hit.kind}
        </Badge>
        <Text fontWeight="semibold" color="brand.700" lineClamp="1">
          {title}
        </Text>
      </HStack>
      <Text fontSize="sm" color="fg.muted" lineClamp="2">
        {hit.snippet}
      </Text>
    </Box>
  )
}

function Results({ rows }: { rows: readonly SearchHit[] }) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" p="0" m="0">
      {rows.map((hit) => (
        <Result key={`${hit.kind}:${hit.url}`} hit={hit} />
      ))}
    </Stack>
  )
}

function Group({ keyword, group }: { keyword: string; group: SearchGroup }) {
  return (
    <Stack as="section" gap="3" data-testid="search-group" aria-label={group.kind}>
      <HStack justify="space-between" align="baseline">
        <Heading as="h2" size="md">
          {group.kind}
          <Text as="span" ms="2" fontSize="sm" fontWeight="normal" color="fg.muted">
            {group.total} 条
          </Text>
        </Heading>
        {group.total > group.rows.length && (
          <Link asChild fontSize="sm" color="brand.600">
            <RouterLink to={kindPath(keyword, group.kind as SearchKind)}>
              查看全部 {group.total} 条{group.kind}结果
            </RouterLink>
          </Link>
        )}
      </HStack>
      <Results rows={group.rows} />
    </Stack>
  )
}

function NoResults({ keyword }: { keyword: string }) {
  return (
    <Box bg="bg" p="10" borderRadius="lg" borderWidth="1px" textAlign="center" color="fg.muted">
      没有找到与“{keyword}”相关的内容，换个关键词试试。
    </Box>
  )
}

export function Component() {
  const data = useLoaderData() as Data
  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
      <Heading as="h1" size="xl" mb="2">
        {data.keyword ? `“${data.keyword}”的搜索结果` : '站内搜索'}
      </Heading>
      {data.view === 'empty' && (
        <Text color="fg.muted">
          请在页面顶部的搜索框输入关键词，例如设计师姓名、作品名称、“认证”或“报价”。
        </Text>
      )}
      {data.view === 'groups' && (
        <Stack gap="8">
          <Text color="fg.muted" data-testid="search-summary">
            “{data.keyword}”共找到 {data.total} 条结果
          </Text>
          {data.groups.length === 0 && <NoResults keyword={data.keyword} />}
          {data.groups.map((group) => (
            <Group key={group.kind} keyword={data.keyword} group={group} />
          ))}
        </Stack>
      )}
      {data.view === 'kind' && (
        <Stack gap="5">
          <HStack gap="3" flexWrap="wrap">
            <Text color="fg.muted" data-testid="search-summary">
              “{data.keyword}”共找到 {data.total} 条{data.kind}结果
            </Text>
            <Link asChild fontSize="sm" color="brand.600">
              <RouterLink to={kindPath(data.keyword)}>返回全部分类</RouterLink>
            </Link>
          </HStack>
          {data.rows.length === 0 ? <NoResults keyword={data.keyword} /> : <Results rows={data.rows} />}
          <Pager
            page={data.page}
            pageSize={PAGE_SIZE}
            total={data.total}
            hrefOf={(page) => kindPath(data.keyword, data.kind, page)}
          />
        </Stack>
      )}
    </Container>
  )
}
