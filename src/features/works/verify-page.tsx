import {
  Alert,
  Button,
  Card,
  Container,
  DataList,
  Field,
  Group,
  Heading,
  Input,
  Link,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useRef, useState } from 'react'
import { type LoaderFunctionArgs, Link as RouterLink, useLoaderData, useNavigate } from 'react-router'
import type { WorkVerification } from '../../../schemas/api/works.ts'
import { verifyWorkFile, verifyWorkHash } from '../../api/works.ts'
import { pageHead } from '../../lib/page-head.ts'
import { paths, toAddress } from '../../lib/paths.ts'
import { canHashHere, readHash, sha256OfFile } from '../../lib/sha256.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { showTime } from '../../lib/work-files.ts'

const BAD_HASH = '请输入 64 位十六进制的 SHA-256 哈希值'

type Data =
  | { state: 'idle' }
  | { state: 'invalid'; asked: string }
  | { state: 'checked'; result: WorkVerification }

const verifyPath = (hash: string) => `${paths.worksVerify.path}?hash=${hash}`

/** ?hash= (what a certificate's QR code carries) is checked at once, on the server for the first paint. */
export async function loader({ request }: LoaderFunctionArgs): Promise<Data> {
  const asked = (new URL(request.url).searchParams.get('hash') ?? '').slice(0, 200)
  if (!asked.trim()) return { state: 'idle' }
  const hash = readHash(asked)
  if (!hash) return { state: 'invalid', asked }
  return { state: 'checked', result: await verifyWorkHash(hash) }
}

export const handle = pageHead<Data>(() => ({
  title: '作品存证核验',
  description:
    '上传作品原文件或输入 SHA-256 哈希，核验它是否与咖簿网登记存证的作品一致，查看登记时间与证书编号。',
}))

/** /works/verify: anyone checks a file or a hash against the registered works. */
export function Component() {
  const data = useLoaderData() as Data
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const [busy, setBusy] = useState<string>()
  // A file the browser could not hash is checked by the server; its answer is shown here.
  const [uploaded, setUploaded] = useState<WorkVerification>()
  const [fileName, setFileName] = useState<string>()
  const fileInput = useRef<HTMLInputElement>(null)
  const asked = data.state === 'checked' ? data.result.hash : data.state === 'invalid' ? data.asked : ''

  async function checkFile(file: File) {
    setFileName(file.name)
    setUploaded(undefined)
    try {
      if (canHashHere()) {
        setBusy('正在本机计算文件哈希，文件不会上传…')
        navigate(verifyPath(await sha256OfFile(file)))
      } else {
        setBusy('正在上传文件并核验…')
        setUploaded(await verifyWorkFile(file))
      }
    } catch {
      // The API client has shown why; the form stays as it was.
    } finally {
      setBusy(undefined)
    }
  }

  const result = uploaded ?? (data.state === 'checked' ? data.result : undefined)
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            作品存证核验
          </Heading>
          <Text color="fg.muted">
            选择作品原文件，或粘贴文件的 SHA-256
            哈希，核验它是否为咖簿网登记存证的作品。文件在本机浏览器中计算哈希，不会上传。
          </Text>
        </Stack>

        <Card.Root>
          <Card.Body gap="5">
            <Field.Root>
              <Field.Label>作品原文件</Field.Label>
              <input
                ref={fileInput}
                type="file"
                hidden
                data-testid="verify-file"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0]
                  e.currentTarget.value = ''
                  if (file) void checkFile(file)
                }}
              />
              <Button
                variant="outline"
                colorPalette="brand"
                disabled={!hydrated || !!busy}
                loading={!!busy}
                loadingText={busy}
                onClick={() => fileInput.current?.click()}
              >
                选择文件核验
              </Button>
              {fileName && !busy && (
                <Field.HelperText data-testid="verify-file-name">已核验文件：{fileName}</Field.HelperText>
              )}
            </Field.Root>
            {/* A plain GET form before the page's code runs; a client-side navigation after. */}
            <form
              action={toAddress(paths.worksVerify.path)}
              method="get"
              onSubmit={(e) => {
                e.preventDefault()
                const value = String(new FormData(e.currentTarget).get('hash') ?? '').trim()
                setUploaded(undefined)
                navigate(`${paths.worksVerify.path}?hash=${encodeURIComponent(value)}`)
              }}
            >
              <Field.Root invalid={data.state === 'invalid'}>
                <Field.Label>文件哈希（SHA-256）</Field.Label>
                <Group attached w="full">
                  <Input
                    name="hash"
                    defaultValue={asked}
                    key={asked}
                    placeholder="64 位十六进制字符"
                    fontFamily="mono"
                    bg="bg"
                    data-testid="verify-hash"
                  />
                  <Button type="submit" colorPalette="brand">
                    核验
                  </Button>
                </Group>
                <Field.ErrorText>{BAD_HASH}</Field.ErrorText>
              </Field.Root>
            </form>
          </Card.Body>
        </Card.Root>

        {result && <VerifyResult result={result} />}
      </Stack>
    </Container>
  )
}

function VerifyResult({ result }: { result: WorkVerification }) {
  if (!result.matched)
    return (
      <Alert.Root status="warning" data-testid="verify-result" data-matched="false">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>未找到匹配的登记记录</Alert.Title>
          <Alert.Description>
            哈希{' '}
            <Text as="span" fontFamily="mono" wordBreak="break-all">
              {result.hash}
            </Text>{' '}
            与任何已登记作品的原文件或权利声明文件都不一致。文件哪怕改动一个字节，哈希也会完全不同。
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    )
  return (
    <Alert.Root status="success" data-testid="verify-result" data-matched="true">
      <Alert.Indicator />
      <Alert.Content gap="3">
        <Alert.Title>与已登记作品一致</Alert.Title>
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>作品名称</DataList.ItemLabel>
            <DataList.ItemValue data-testid="verify-work-name">
              {result.worksId ? (
                <Link asChild color="brand.600">
                  <RouterLink to={paths.worksDetail.getHref(result.worksId)}>{result.worksName}</RouterLink>
                </Link>
              ) : (
                result.worksName
              )}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>著作权人</DataList.ItemLabel>
            <DataList.ItemValue>{result.userName}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>登记时间</DataList.ItemLabel>
            <DataList.ItemValue data-testid="verify-time">
              {showTime(result.worksHashTime)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>证书编号</DataList.ItemLabel>
            <DataList.ItemValue fontFamily="mono" data-testid="verify-certificate-no">
              {result.certificateStorageNo}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>匹配的是</DataList.ItemLabel>
            <DataList.ItemValue>
              {result.matchedBy === 'worksHash' ? '权利声明文件哈希' : '作品原文件哈希'}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>哈希</DataList.ItemLabel>
            <DataList.ItemValue fontFamily="mono" wordBreak="break-all">
              {result.hash}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Alert.Content>
    </Alert.Root>
  )
}
