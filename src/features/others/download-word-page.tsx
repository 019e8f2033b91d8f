import { Button, Clipboard, Container, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { type LoaderFunctionArgs, Link as RouterLink, useLoaderData } from 'react-router'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { createSignedLink, type DocumentInfo, documentFileUrl, getDocument } from '../../api/articles.ts'
import { copyLabels } from '../../components/copy-labels.ts'
import { isMissing, type Missing, MissingRecord, orMissing } from '../../components/missing-record.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { loginPath, paths, toAddress } from '../../lib/paths.ts'
import { useUserStore } from '../../stores/user.ts'
import { DocumentCard } from './document-card.tsx'

export async function loader({ params }: LoaderFunctionArgs) {
  return orMissing(getDocument(params.id ?? ''))
}

export const handle = pageHead<DocumentInfo | Missing>((doc) =>
  isMissing(doc)
    ? { title: doc.missing }
    : {
        title: `${doc.title} · 文档下载`,
        description: doc.description.slice(0, 120),
      },
)

/** A signed link to share: anyone may open it without signing in until it expires (7 days). */
function ShareLink({ doc }: { doc: DocumentInfo }) {
  const [link, setLink] = useState<{ url: string; expiresAt: string }>()
  const [busy, setBusy] = useState(false)
  const create = async () => {
    setBusy(true)
    try {
      const signed = await createSignedLink(doc.id)
      setLink({ url: `${window.location.origin}${toAddress(signed.path)}`, expiresAt: signed.expiresAt })
    } catch {
      // The API client has shown the reason.
    } finally {
      setBusy(false)
    }
  }
  if (!link)
    return (
      <Button
        variant="outline"
        alignSelf="flex-start"
        onClick={create}
        loading={busy}
        data-testid="create-signed-link"
      >
        生成分享链接
      </Button>
    )
  return (
    <Stack gap="2">
      <HStack gap="2">
        <Input
          readOnly
          value={link.url}
          fontFamily="mono"
          fontSize="xs"
          data-testid="signed-link"
          aria-label="分享链接"
        />
        <Clipboard.Root value={link.url} translations={copyLabels('复制')}>
          <Clipboard.Trigger asChild>
            <Button size="sm" variant="outline">
              <Clipboard.Indicator copied="已复制">复制</Clipboard.Indicator>
            </Button>
          </Clipboard.Trigger>
        </Clipboard.Root>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        拿到链接的人无需登录即可下载，{formatBeijing(Date.parse(link.expiresAt))} 前有效。
      </Text>
    </Stack>
  )
}

/** /others/downloadword/{id} (SPEC §2 Miscellaneous): what the document is, and its download. */
export function Component() {
  const data = useLoaderData() as DocumentInfo | Missing
  const signedIn = useUserStore((s) => s.userId !== null)
  if (isMissing(data))
    return <MissingRecord message={data.missing} back={paths.home.path} backLabel="返回首页" />
  const doc = data
  const canDownload = !doc.membersOnly || signedIn
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <DocumentCard doc={doc}>
        {canDownload ? (
          <Button asChild colorPalette="brand" alignSelf="flex-start">
            <a
              href={toAddress(documentFileUrl(doc.id))}
              download={doc.fileName}
              data-testid="download-document"
            >
              下载文档
            </a>
          </Button>
        ) : (
          <Stack gap="2" align="flex-start">
            <Text color="fg.muted">该文档仅向登录会员提供。登录后可下载，也可生成分享链接发给他人。</Text>
            <Button asChild colorPalette="brand">
              <RouterLink to={loginPath(paths.downloadWord.getHref(doc.id))}>登录后下载</RouterLink>
            </Button>
          </Stack>
        )}
        {signedIn && <ShareLink doc={doc} />}
      </DocumentCard>
    </Container>
  )
}
