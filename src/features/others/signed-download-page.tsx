import { Alert, Button, Container, Stack, Text } from '@chakra-ui/react'
import { useEffect } from 'react'
import { type LoaderFunctionArgs, Link as RouterLink, useLoaderData } from 'react-router'
import { type DocumentInfo, getSignedDocument, signedFileUrl } from '../../api/articles.ts'
import { ApiError } from '../../api/http.ts'
import { pageHead } from '../../lib/page-head.ts'
import { paths, toAddress } from '../../lib/paths.ts'
import { DocumentCard } from './document-card.tsx'

type Data = { doc: DocumentInfo; token: string } | { refused: string }

export async function loader({ params }: LoaderFunctionArgs): Promise<Data> {
  const token = params.token ?? ''
  try {
    return { doc: await getSignedDocument(token, params.id ?? ''), token }
  } catch (error) {
    // An invalid or expired link is this page's answer, not a failure to load it.
    if (error instanceof ApiError) return { refused: error.message }
    throw error
  }
}

export const handle = pageHead<Data>((data) => ({
  title: 'doc' in data ? `${data.doc.title} · 文档下载` : '下载链接不可用',
  description: 'doc' in data ? data.doc.description.slice(0, 120) : '此下载链接无效或已过期。',
}))

/**
 * /others/download/{token}/{id}: the spec's hidden {token}{id} route. A valid signed link starts the
 * download at once, without signing in; an invalid or expired one says so.
 */
export function Component() {
  const data = useLoaderData() as Data
  const href = 'doc' in data ? toAddress(signedFileUrl(data.token, data.doc.id)) : undefined
  useEffect(() => {
    if (href) window.location.assign(href)
  }, [href])
  if (!('doc' in data))
    return (
      <Container maxW="3xl" py={{ base: '8', md: '12' }}>
        <Stack gap="4" align="flex-start">
          <Alert.Root status="error" data-testid="signed-download-refused">
            <Alert.Indicator />
            <Alert.Title>{data.refused}</Alert.Title>
          </Alert.Root>
          <Button asChild variant="outline">
            <RouterLink to={paths.home.path}>返回首页</RouterLink>
          </Button>
        </Stack>
      </Container>
    )
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <DocumentCard doc={data.doc}>
        <Text color="fg.muted">下载即将开始。如果没有开始，请点击下面的按钮。</Text>
        <Button asChild colorPalette="brand" alignSelf="flex-start">
          <a href={href} download={data.doc.fileName} data-testid="download-document">
            下载文档
          </a>
        </Button>
      </DocumentCard>
    </Container>
  )
}
