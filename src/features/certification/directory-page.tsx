import { Container, Heading, Stack, Text } from '@chakra-ui/react'
import { type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { listCertified } from '../../api/certificates.ts'
import { Pager } from '../../components/pager.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'
import { DirectoryGrid } from './directory.tsx'
import { SearchForm } from './search-form.tsx'

const PAGE_SIZE = 12

export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams
  const keyword = (query.get('keyword') ?? '').trim().slice(0, 40)
  const page = Math.max(1, Math.min(100_000, Math.floor(Number(query.get('page'))) || 1))
  const { rows, total } = await listCertified(keyword, page, PAGE_SIZE)
  return { keyword, page, rows, total }
}

type Data = Awaited<ReturnType<typeof loader>>

export const handle = pageHead<Data>((data) => ({
  title: data.keyword ? `认证设计师：${data.keyword}` : '认证设计师查询',
  description: '按姓名、所在城市或证书编号查找有效期内的咖簿网认证设计师。',
}))

/** /certification/search (SPEC §2 Certification): the directory of designers holding a valid certification. */
export function Component() {
  const { keyword, page, rows, total } = useLoaderData() as Data
  const pageHref = (next: number) => {
    const q = new URLSearchParams({ page: String(next) })
    if (keyword) q.set('keyword', keyword)
    return `${paths.certificationSearch.path}?${q}`
  }
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            认证设计师查询
          </Heading>
          <Text color="fg.muted">
            仅列出认证有效期内的设计师。按姓名、所在城市（如“苏州”）或证书编号查找。
          </Text>
        </Stack>
        <SearchForm
          action={paths.certificationSearch.path}
          name="keyword"
          defaultValue={keyword}
          placeholder="姓名、城市或证书编号"
          label="查找"
        />
        <Text fontSize="sm" color="fg.muted" data-testid="certified-total">
          {keyword ? `“${keyword}”：` : ''}共 {total} 位认证设计师
        </Text>
        {rows.length ? (
          <DirectoryGrid rows={rows} />
        ) : (
          <Text color="fg.muted">没有找到符合条件的认证设计师。</Text>
        )}
        <Pager page={page} pageSize={PAGE_SIZE} total={total} hrefOf={pageHref} />
      </Stack>
    </Container>
  )
}
