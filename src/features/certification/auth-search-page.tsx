import { Alert, Container, Heading, Stack, Text } from '@chakra-ui/react'
import { type LoaderFunctionArgs, useLoaderData } from 'react-router'
import type { CertificationInfo } from '../../../schemas/api/certificates.ts'
import { verifyCertificate } from '../../api/certificates.ts'
import { ApiError } from '../../api/http.ts'
import { CertificateCard } from '../../components/certificate-card.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'
import { SearchForm } from './search-form.tsx'

type Result =
  | { keyword: ''; state: 'idle' }
  | { keyword: string; state: 'found'; certificates: CertificationInfo[] }
  | { keyword: string; state: 'missing'; message: string }

/** `number` is what a certificate's QR code carries; `keyword` what the form sends (a number or a name). */
export async function loader({ request }: LoaderFunctionArgs): Promise<Result> {
  const query = new URL(request.url).searchParams
  const keyword = (query.get('number') ?? query.get('keyword') ?? '').trim().slice(0, 40)
  if (!keyword) return { keyword: '', state: 'idle' }
  try {
    return { keyword, state: 'found', certificates: await verifyCertificate(keyword) }
  } catch (error) {
    // A forged number is an answer, not a failure: the page says so.
    if (error instanceof ApiError && error.code === 404)
      return { keyword, state: 'missing', message: error.message }
    throw error
  }
}

export const handle = pageHead<Result>((data) => ({
  title: data.keyword ? `证书查验：${data.keyword}` : '证书查验',
  description: '按证书编号或持证人姓名查验咖簿网设计师认证证书的真伪与有效期。',
}))

/** /auth/search (SPEC §2 Certification): the public verification every certificate's QR code opens. */
export function Component() {
  const result = useLoaderData() as Result
  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            证书查验
          </Heading>
          <Text color="fg.muted">
            输入证书编号（如 KBC 开头的 14 位编号）或持证人姓名，查验证书真伪与有效期。
          </Text>
        </Stack>
        <SearchForm
          action={paths.authSearch.path}
          name="keyword"
          defaultValue={result.keyword}
          placeholder="证书编号或持证人姓名"
          label="查验"
        />
        {result.state === 'missing' && (
          <Alert.Root status="error" data-testid="verify-missing">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>查无此证</Alert.Title>
              <Alert.Description>{result.message}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {result.state === 'found' && (
          <Stack gap="4" data-testid="verify-results">
            {result.certificates.some((c) => c.status === 'expired') && (
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Title>证书已过期的，持证人当前不具有认证设计师资格。</Alert.Title>
              </Alert.Root>
            )}
            {result.certificates.map((cert) => (
              <CertificateCard key={cert.number} cert={cert} />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  )
}
