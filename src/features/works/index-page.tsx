import { Button, Container, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { type LoaderFunctionArgs, Link as RouterLink, useLoaderData } from 'react-router'
import { getDict } from '../../api/common.ts'
import { listWorks } from '../../api/works.ts'
import { Pager } from '../../components/pager.tsx'
import { WorkGrid } from '../../components/work-card.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { paths, worksIndexPath } from '../../lib/paths.ts'

const PAGE_SIZE = 12

export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams
  const types = await getDict('sys_works_type')
  const asked = query.get('worksType') ?? ''
  // An unknown type is no filter: the whole directory rather than an empty page.
  const worksType = types.some((t) => t.dictCode === asked) ? asked : ''
  // One designer's works (the designer page's 查看全部); anything but an id is no filter.
  const askedUser = Number(query.get('userId'))
  const userId =
    Number.isSafeInteger(askedUser) && askedUser >= 1 && askedUser <= 2_147_483_647 ? askedUser : undefined
  const page = Math.max(1, Math.min(100_000, Math.floor(Number(query.get('page'))) || 1))
  const { rows, total } = await listWorks({ pageNum: page, pageSize: PAGE_SIZE, worksType, userId })
  // The cards carry the owner's name, so a designer's page of works can say whose they are.
  const designerName = userId ? (rows[0]?.userName ?? '') : ''
  return { types, worksType, userId, designerName, page, rows, total }
}

type Data = Awaited<ReturnType<typeof loader>>

const typeName = (data: Data) => data.types.find((t) => t.dictCode === data.worksType)?.dictLabel

export const handle = pageHead<Data>((data) => ({
  title: ['确权作品', data.designerName, typeName(data)].filter(Boolean).join('：'),
  description:
    '浏览咖簿网设计师完成存证确权的原创作品：每件作品都有文件哈希、存证时间与存证证书，可公开核验。',
}))

/** /works/index (SPEC §2 Home and directories): the public directory of rights-confirmed works. */
export function Component() {
  const data = useLoaderData() as Data
  const { types, worksType, userId, designerName, page, rows, total } = data
  const labels = new Map(types.map((t) => [t.dictCode, t.dictLabel]))
  const choices = [{ dictCode: '', dictLabel: '全部' }, ...types]
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <HStack justify="space-between" align="flex-end" wrap="wrap" gap="3">
          <Stack gap="2">
            <Heading as="h1" size="2xl">
              {designerName ? `${designerName}的确权作品` : '确权作品'}
            </Heading>
            <Text color="fg.muted">设计师登记存证的原创作品，每件均可凭原文件或哈希公开核验。</Text>
            {userId && (
              <Link asChild fontSize="sm" colorPalette="brand" alignSelf="flex-start">
                <RouterLink to={worksIndexPath({ worksType })}>← 全部设计师的作品</RouterLink>
              </Link>
            )}
          </Stack>
          <Button asChild size="sm" variant="outline" colorPalette="brand">
            <RouterLink to={paths.worksVerify.path}>作品存证核验</RouterLink>
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
                <RouterLink
                  to={worksIndexPath({ worksType: t.dictCode, userId })}
                  aria-current={current ? 'page' : undefined}
                >
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
          hrefOf={(next) => worksIndexPath({ worksType, userId, page: next })}
        />
      </Stack>
    </Container>
  )
}
