import { Badge, Button, Card, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { type LoaderFunctionArgs, Link as RouterLink, useLoaderData } from 'react-router'
import { formatBeijingDate } from '../../../schemas/beijing-time.ts'
import { Pager } from '../../components/pager.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'
import {
  loadQuotationList,
  priceRange,
  type QuotationListState,
  quotationListPath,
  readQuotationQuery,
} from './quotation-list.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const { type, page } = readQuotationQuery(new URL(request.url).searchParams)
  return loadQuotationList(type, page)
}

export const handle = pageHead<QuotationListState>((state) => {
  const label = state.categories.find((c) => c.dictCode === state.type)?.dictLabel
  return {
    title: label ? `${label} · 设计服务报价` : '设计服务报价',
    description: '产品外观、结构、品牌视觉、包装、交互与手板等设计服务的参考报价区间，来自协会会员单位。',
  }
})

/** /quotation/index (SPEC §2, §3 "Quotation list", §4): reference prices by type, 10 a page. */
export function Component() {
  const state = useLoaderData() as QuotationListState
  const { list, type, categories, listCount, pageSize, page } = state
  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            设计服务报价
          </Heading>
          <Text color="fg.muted">
            会员单位公开的参考报价区间，实际价格以双方约定为准。报价方均为演示数据（示例）。
          </Text>
        </Stack>
        <HStack gap="2" wrap="wrap" as="nav" aria-label="报价类型">
          {[{ dictCode: '', dictLabel: '全部' }, ...categories].map((c) => (
            <Button
              key={c.dictCode}
              asChild
              size="sm"
              variant={c.dictCode === type ? 'solid' : 'outline'}
              colorPalette="brand"
            >
              <RouterLink
                to={quotationListPath(c.dictCode)}
                aria-current={c.dictCode === type ? 'page' : undefined}
              >
                {c.dictLabel}
              </RouterLink>
            </Button>
          ))}
        </HStack>
        <Text fontSize="sm" color="fg.muted" data-testid="quotation-count">
          共 {listCount} 条报价
        </Text>
        <Stack gap="3" data-testid="quotation-list">
          {list.map((q) => (
            <Card.Root key={q.id} asChild size="sm" _hover={{ shadow: 'md' }}>
              <RouterLink
                to={paths.quotationDetail.getHref(q.id)}
                data-testid="quotation-row"
                data-type={q.type}
              >
                <Card.Body gap="2">
                  <Stack
                    direction={{ base: 'column', md: 'row' }}
                    justify="space-between"
                    align="start"
                    gap={{ base: '2', md: '4' }}
                  >
                    <Stack gap="1" flex="1" minW="0">
                      <HStack gap="2" align="start">
                        <Badge colorPalette="brand" flexShrink={0} mt="0.5">
                          {q.typeLabel}
                        </Badge>
                        <Text fontWeight="bold">{q.title}</Text>
                      </HStack>
                      <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                        {q.description}
                      </Text>
                    </Stack>
                    <Text fontWeight="bold" color="accent.600" whiteSpace="nowrap" flexShrink={0}>
                      {priceRange(q)}
                    </Text>
                  </Stack>
                  <Text fontSize="xs" color="fg.muted">
                    {q.provider} · 周期 {q.cycle} · 更新于 {formatBeijingDate(q.updatedAt)}
                  </Text>
                </Card.Body>
              </RouterLink>
            </Card.Root>
          ))}
          {list.length === 0 && <Text color="fg.muted">这一页没有报价。</Text>}
        </Stack>
        <Pager
          page={page}
          pageSize={pageSize}
          total={listCount}
          hrefOf={(next) => quotationListPath(type, next)}
        />
      </Stack>
    </Container>
  )
}
