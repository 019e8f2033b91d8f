import { Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { type LoaderFunctionArgs, Link as RouterLink, useLoaderData, useNavigate } from 'react-router'
import { getDict } from '../../api/common.ts'
import { listWorks } from '../../api/works.ts'
import { Pager } from '../../components/pager.tsx'
import { WorkGrid } from '../../components/work-card.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'

const PAGE_SIZE = 12

/** The directory's address for a type and a page; choosing a type starts again at page 1. */
export function worksIndexPath(worksType: string, page = 1): string {
  const query = new URLSearchParams()
  if (worksType) query.set('worksType', worksType)
  if (page > 1) query.set('page', String(page))
  const text = query.toString()
  return text ? `${paths.worksIndex}?${text}` : paths.worksIndex
}

export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams
  const types = await getDict('sys_works_type')
  const asked = query.get('worksType') ?? ''
  // An unknown type is no filter: the whole directory rather than an empty page.
  const worksType = types.some((t) => t.dictCode === asked) ? asked : ''
  const page = Math.max(1, Math.min(100_000, Math.floor(Number(query.get('page'))) || 1))
  const { rows, total } = await listWorks({ pageNum: page, pageSize: PAGE_SIZE, worksType })
  return { types, worksType, page, rows, total }
}

type Data = Awaited<ReturnType<typeof loader>>

const typeName = (data: Data) => data.types.find((t) => t.dictCode === data.worksType)?.dictLabel

export const handle = pageHead<Data>((data) => ({
  title: typeName(data) ? `确权作品：${typeName(data)}` : '确权作品',
  description:
    '浏览咖簿网设计师完成存证确权的原创作品：每件作品都有文件哈希、存证时间与存证证书，可公开核验。',
}))

/** /works/index (SPEC §2 Home and directories): the public directory of rights-confirmed works. */
export function Component() {
  const data = useLoaderData() as Data
  const { types, worksType, page, rows, total } = data
  const navigate = useNavigate()
  const labels = new Map(types.map((t) => [t.dictCode, t.dictLabel]))
  const choices = [{ dictCode: '', dictLabel: '全部' }, ...types]
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <HStack justify="space-between" align="flex-end" wrap="wrap" gap="3">
          <Stack gap="2">
            <Heading as="h1" size="2xl">
              确权作品
            </Heading>
            <Text color="fg.muted">设计师登记存证的原创作品，每件均可凭原文件或哈希公开核验。</Text>
          </Stack>
          <Button asChild size="sm" variant="outline" colorPalette="brand">
            <RouterLink to={paths.worksVerify}>作品存证核验</RouterLink>
          </Button>
        </HStack>
        <HStack as="nav" aria-label="作品类型" gap="2" wrap="wrap" data-testid="works-type-filter">
          {choices.map((t) => {
            const current = t.dictCode === worksType
            return (
              <Button
                key={t.dictCode || 'all'}
                asChild
                size="xs"
                variant={current ? 'solid' : 'outline'}
                colorPalette={current ? 'brand' : 'gray'}
                borderRadius="full"
              >
                <RouterLink to={worksIndexPath(t.dictCode)} aria-current={current ? 'page' : undefined}>
                  {t.dictLabel}
                </RouterLink>
              </Button>
            )
          })}
        </HStack>
        <Text fontSize="sm" color="fg.muted" data-testid="works-total">
          共 {total} 件作品
        </Text>
        {rows.length ? (
          <WorkGrid works={rows} typeLabels={labels} />
        ) : (
          <Text color="fg.muted" py="10" textAlign="center">
            这一类还没有确权作品。
          </Text>
        )}
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={total}
          onPage={(next) => navigate(worksIndexPath(worksType, next))}
        />
      </Stack>
    </Container>
  )
}
