import { Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { type LoaderFunctionArgs, Link as RouterLink, useLoaderData } from 'react-router'
import { listNews } from '../../api/articles.ts'
import { getDict } from '../../api/common.ts'
import { NewsCard } from '../../components/news-card.tsx'
import { Pager } from '../../components/pager.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'

const PAGE_SIZE = 12

const pageOf = (raw: string | null) => Math.max(1, Math.min(100_000, Math.floor(Number(raw)) || 1))
const typeOf = (raw: string | null) => (raw && /^[0-9]{1,8}$/.test(raw) ? raw : '')

export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams
  const type = typeOf(query.get('type'))
  const page = pageOf(query.get('page'))
  const [types, { rows, total }] = await Promise.all([
    getDict('design_info_type'),
    listNews(type, page, PAGE_SIZE),
  ])
  return { type, page, rows, total, types }
}

type Data = Awaited<ReturnType<typeof loader>>

const listPath = (type: string, page = 1) => {
  const q = new URLSearchParams()
  if (type) q.set('type', type)
  if (page > 1) q.set('page', String(page))
  const s = q.toString()
  return s ? `${paths.news.path}?${s}` : paths.news.path
}

export const handle = pageHead<Data>((data) => {
  const label = data.types.find((t) => t.dictCode === data.type)?.dictLabel
  return {
    title: label ? `${label} · 资讯` : '资讯',
    description: '协会动态、行业资讯、赛事资讯、政策法规与设计观点：咖簿网资讯中心。',
  }
})

/** /news/index (SPEC §2): articles by type, newest first, paged. */
export function Component() {
  const { type, page, rows, total, types } = useLoaderData() as Data
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            资讯
          </Heading>
          <Text color="fg.muted">协会动态、赛事通知、行业观察与政策解读。</Text>
        </Stack>
        <HStack gap="2" wrap="wrap" as="nav" aria-label="资讯类型">
          {[{ dictCode: '', dictLabel: '全部' }, ...types].map((t) => (
            <Button
              key={t.dictCode}
              asChild
              size="sm"
              variant={t.dictCode === type ? 'solid' : 'outline'}
              colorPalette="brand"
            >
              <RouterLink to={listPath(t.dictCode)} aria-current={t.dictCode === type ? 'page' : undefined}>
                {t.dictLabel}
              </RouterLink>
            </Button>
          ))}
        </HStack>
        {rows.length ? (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5" data-testid="news-list">
            {rows.map((n) => (
              <NewsCard key={n.id} news={n} />
            ))}
          </SimpleGrid>
        ) : (
          <Text color="fg.muted">这一类还没有资讯。</Text>
        )}
        <Pager page={page} pageSize={PAGE_SIZE} total={total} hrefOf={(next) => listPath(type, next)} />
      </Stack>
    </Container>
  )
}
