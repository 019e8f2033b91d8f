import { Badge, Box, Button, Container, Heading, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { type SearchHit, search } from '../../api/content.ts'
import { isExternalUrl } from '../../lib/safe-url.ts'

const PAGE_SIZE = 10

type State =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'done'; rows: SearchHit[]; total: number }

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
      <HStack gap="2" mb="1">
        <Badge colorPalette="brand" variant="subtle">
          {hit.kind}
        </Badge>
        <Text fontWeight="semibold" color="brand.700">
          {title}
        </Text>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {hit.snippet}
      </Text>
    </Box>
  )
}

export function Component() {
  const [params, setParams] = useSearchParams()
  const keyword = (params.get('keyword') ?? '').trim()
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1)
  const [state, setState] = useState<State>({ status: 'idle' })

  useEffect(() => {
    document.title = keyword ? `“${keyword}”的搜索结果 - 咖簿网` : '站内搜索 - 咖簿网'
    if (!keyword) {
      setState({ status: 'idle' })
      return
    }
    let live = true
    setState({ status: 'loading' })
    search(keyword, page, PAGE_SIZE)
      .then((result) => live && setState({ status: 'done', ...result }))
      .catch(() => live && setState({ status: 'error' }))
    return () => {
      live = false
    }
  }, [keyword, page])

  const pages = state.status === 'done' ? Math.max(1, Math.ceil(state.total / PAGE_SIZE)) : 1
  const goTo = (next: number) => setParams({ keyword, page: String(next) })

  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
      <Heading as="h1" size="xl" mb="2">
        站内搜索
      </Heading>
      {!keyword && <Text color="fg.muted">请在页面顶部的搜索框输入关键词，例如“认证”或“隐私”。</Text>}
      {keyword && state.status === 'loading' && (
        <Stack gap="3" aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="20" borderRadius="lg" />
          ))}
        </Stack>
      )}
      {state.status === 'error' && <Text color="fg.error">搜索暂时不可用，请稍后再试。</Text>}
      {state.status === 'done' && (
        <>
          <Text color="fg.muted" mb="5" data-testid="search-summary">
            “{keyword}”共找到 {state.total} 条结果
          </Text>
          {state.rows.length === 0 ? (
            <Box bg="bg" p="10" borderRadius="lg" borderWidth="1px" textAlign="center" color="fg.muted">
              没有找到与“{keyword}”相关的内容，换个关键词试试。
            </Box>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" p="0" m="0">
              {state.rows.map((hit) => (
                <Result key={`${hit.kind}:${hit.url}`} hit={hit} />
              ))}
            </Stack>
          )}
          {pages > 1 && (
            <HStack justify="center" mt="6" gap="3">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                上一页
              </Button>
              <Text fontSize="sm">
                {page} / {pages}
              </Text>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                下一页
              </Button>
            </HStack>
          )}
        </>
      )}
    </Container>
  )
}
