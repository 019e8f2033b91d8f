import { Alert, Button, Container, Stack } from '@chakra-ui/react'
import { type LoaderFunctionArgs, Link as RouterLink, useLoaderData } from 'react-router'
import type { WorkDetail as WorkDetailData } from '../../../schemas/api/works.ts'
import { ApiError } from '../../api/http.ts'
import { getWorkDetail } from '../../api/works.ts'
import { foldAt } from '../../components/fold-text.tsx'
import { notFoundData } from '../../components/missing-record.tsx'
import { WorkDetail } from '../../components/work-detail/index.tsx'
import { FOLD_CHARS } from '../../lib/constants.ts'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'
import { extensionOf } from '../../lib/work-files.ts'

type Data = { state: 'found'; id: number; detail: WorkDetailData } | { state: 'missing'; message: string }

export async function loader({ request }: LoaderFunctionArgs): Promise<Data> {
  const raw = new URL(request.url).searchParams.get('id') ?? ''
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0
  if (!id) return notFoundData({ state: 'missing', message: '作品编号无效' })
  try {
    return { state: 'found', id, detail: await getWorkDetail(id) }
  } catch (error) {
    // A missing (or not public) work is an answer the page gives, not a failure to load.
    if (error instanceof ApiError && error.code !== undefined && error.code >= 400 && error.code < 500)
      return notFoundData({ state: 'missing', message: error.message })
    throw error
  }
}

/** The work's picture as its share card, when it is one crawlers take (PNG or JPEG). */
function shareImage(detail: WorkDetailData): string | undefined {
  const primary = detail.filesList.find((f) => f.filePrimary === 1)
  return primary && ['png', 'jpg', 'jpeg'].includes(extensionOf(primary.fileOgName || primary.fileUrl))
    ? primary.fileUrl
    : undefined
}

export const handle = pageHead<Data>((data) =>
  data.state === 'found'
    ? {
        title: data.detail.worksName,
        description: data.detail.worksAbstract
          ? foldAt(data.detail.worksAbstract, FOLD_CHARS.default).shown
          : `${data.detail.userBaseVO.username}在咖簿网登记存证的原创作品《${data.detail.worksName}》。`,
        image: shareImage(data.detail),
        // Each work is a page of its own: the id is part of its one address.
        canonical: paths.worksDetail.getHref(data.id),
      }
    : { title: '作品不存在' },
)

/** /works/detail?id=N: the work registration detail view as a page of its own. */
export function Component() {
  const data = useLoaderData() as Data
  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }}>
      {data.state === 'found' ? (
        <Stack bg="bg" borderRadius="xl" borderWidth="1px" p={{ base: '4', md: '8' }}>
          {/* Keyed by id: another work is a new view, which loads on creation. */}
          <WorkDetail key={data.id} id={data.id} initial={data.detail} />
        </Stack>
      ) : (
        <Alert.Root status="warning" data-testid="work-missing">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>作品不存在</Alert.Title>
            <Alert.Description>{data.message}</Alert.Description>
          </Alert.Content>
          <Button asChild size="sm" variant="outline" ms="auto">
            <RouterLink to={paths.worksIndex.path}>浏览确权作品</RouterLink>
          </Button>
        </Alert.Root>
      )}
    </Container>
  )
}
