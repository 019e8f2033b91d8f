import { Badge, Box, Container, DataList, Heading, HStack, Link, List, Stack, Text } from '@chakra-ui/react'
import { type LoaderFunctionArgs, Link as RouterLink, redirect, useLoaderData } from 'react-router'
import { formatBeijingDate } from '../../../schemas/beijing-time.ts'
import { getQuotation, type Quotation } from '../../api/articles.ts'
import { FoldText } from '../../components/fold-text.tsx'
import { isMissing, type Missing, MissingRecord, orMissing } from '../../components/missing-record.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'
import { priceRange, quotationListPath } from './quotation-list.ts'

export async function loader({ params }: LoaderFunctionArgs) {
  const id = Number(params.id)
  if (!/^[1-9][0-9]{0,8}$/.test(params.id ?? '')) throw redirect(paths.notFound.path)
  return orMissing(getQuotation(id))
}

export const handle = pageHead<Quotation | Missing>((q) =>
  isMissing(q)
    ? { title: q.missing }
    : {
        title: `${q.title} · 设计服务报价`,
        description: `${q.typeLabel}参考报价 ${priceRange(q)}，${q.provider}。${q.description}`.slice(0, 150),
      },
)

/** /quotation/detail/{id} (SPEC §2): a quotation's range, scope, cycle and provider. */
export function Component() {
  const q = useLoaderData() as Quotation | Missing
  if (isMissing(q))
    return <MissingRecord message={q.missing} back={paths.quotation.path} backLabel="返回报价列表" />
  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Link asChild fontSize="sm" color="fg.muted">
          <RouterLink to={quotationListPath(q.type)}>← 返回{q.typeLabel}报价</RouterLink>
        </Link>
        <Box bg="bg" borderRadius="xl" borderWidth="1px" p={{ base: '5', md: '10' }}>
          <Stack gap="5">
            <Stack gap="2">
              <HStack>
                <Badge colorPalette="brand">{q.typeLabel}</Badge>
              </HStack>
              <Heading as="h1" size="2xl">
                {q.title}
              </Heading>
              <Text fontSize="2xl" fontWeight="bold" color="accent.600" data-testid="quotation-price">
                {priceRange(q)}
              </Text>
            </Stack>
            <FoldText text={q.description} />
            <DataList.Root orientation="horizontal" size="md">
              {[
                ['服务周期', q.cycle],
                ['报价方', q.provider],
                ['计价单位', q.unit],
                ['更新时间', formatBeijingDate(q.updatedAt)],
              ].map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel>{label}</DataList.ItemLabel>
                  <DataList.ItemValue>{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
            <Stack gap="2">
              <Heading as="h2" size="md">
                交付内容
              </Heading>
              <List.Root ps="5">
                {q.scope.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List.Root>
            </Stack>
            <Text fontSize="sm" color="fg.muted">
              参考报价仅供企业与设计师沟通时参考，不构成要约；实际价格、范围与周期以双方签订的合同为准。
            </Text>
          </Stack>
        </Box>
      </Stack>
    </Container>
  )
}
