import { Box, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { type LoaderFunctionArgs, useLoaderData, useNavigation } from 'react-router'
import { listDesigners } from '../../api/people.ts'
import { DesignerCard } from '../../components/designer-card.tsx'
import {
  FilterSelect,
  filterParam,
  KeywordForm,
  loadRegionOptions,
  pageParam,
  RegionFilter,
  useFilterNavigation,
} from '../../components/directory-filters.tsx'
import { Pager } from '../../components/pager.tsx'
import { loadPeopleLabels, optionsOf } from '../../components/people-labels.ts'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'

const PAGE_SIZE = 12
const CODE = /^(\d{1,3})?$/
const REGION = /^(\d{6})?$/

export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams
  const filter = {
    evaluateStandard: filterParam(query, 'evaluateStandard', CODE),
    professional: filterParam(query, 'professional', CODE),
    cityId: filterParam(query, 'cityId', REGION),
    keyword: (query.get('keyword') ?? '').trim().slice(0, 40),
  }
  const page = pageParam(query)
  const [list, labels, regions] = await Promise.all([
    listDesigners(Object.fromEntries(Object.entries(filter).filter(([, v]) => v)), page, PAGE_SIZE),
    loadPeopleLabels(),
    loadRegionOptions(filter.cityId),
  ])
  return { filter, page, ...list, labels, ...regions }
}

type Data = Awaited<ReturnType<typeof loader>>

export const handle = pageHead<Data>((data) => {
  const parts = [
    data.labels.standard[data.filter.evaluateStandard],
    data.labels.professional[data.filter.professional],
    data.filter.keyword,
  ].filter(Boolean)
  return {
    title: parts.length ? `设计师名录：${parts.join(' · ')}` : '设计师名录',
    description: '咖簿网认证设计师名录：按评价标准、专业与地区查找设计师，查看获奖、专利、项目与确权作品。',
  }
})

/** /designer/index (SPEC §2): certified designers, filtered by evaluation standard, professional and region. */
export function Component() {
  const { filter, page, rows, total, labels, provinces, cities } = useLoaderData() as Data
  const navigation = useNavigation()
  const { setFilter, pageHref } = useFilterNavigation(paths.designers.path, filter)
  const loading =
    navigation.state === 'loading' && navigation.location.pathname.endsWith(paths.designers.path)
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            设计师名录
          </Heading>
          <Text color="fg.muted">通过咖簿网认证的设计师：评价等级、获奖、专利、项目与确权作品一目了然。</Text>
        </Stack>
        <KeywordForm
          action={paths.designers.path}
          keyword={filter.keyword}
          keep={{
            evaluateStandard: filter.evaluateStandard,
            professional: filter.professional,
            cityId: filter.cityId,
          }}
          placeholder="姓名、工作室、城市或专长"
        />
        <HStack
          gap="3"
          wrap="wrap"
          align="flex-end"
          bg="bg.subtle"
          p="4"
          borderRadius="lg"
          data-testid="designer-filters"
        >
          <FilterSelect
            label="评价标准"
            value={filter.evaluateStandard}
            options={optionsOf(labels.standard)}
            onChange={(evaluateStandard) => setFilter({ evaluateStandard })}
          />
          <FilterSelect
            label="专业"
            value={filter.professional}
            options={optionsOf(labels.professional)}
            onChange={(professional) => setFilter({ professional })}
          />
          <RegionFilter
            cityId={filter.cityId}
            provinces={provinces}
            cities={cities}
            onChange={(cityId) => setFilter({ cityId })}
          />
        </HStack>
        <Text fontSize="sm" color="fg.muted" data-testid="designer-total" aria-live="polite">
          {loading ? '正在加载…' : `共 ${total} 位设计师`}
        </Text>
        <Box opacity={loading ? 0.5 : 1} transition="opacity 0.2s" aria-busy={loading}>
          {rows.length ? (
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4" data-testid="designer-list">
              {rows.map((d) => (
                <DesignerCard key={d.id} designer={d} labels={labels} />
              ))}
            </SimpleGrid>
          ) : (
            <Stack py="16" align="center" gap="2" data-testid="designer-empty">
              <Text fontWeight="semibold">没有找到符合条件的设计师</Text>
              <Text color="fg.muted" fontSize="sm">
                {page > 1 && total > 0
                  ? '这一页没有内容了，请回到前面的页码。'
                  : '换个筛选条件或关键词试试。'}
              </Text>
            </Stack>
          )}
        </Box>
        <Pager page={page} pageSize={PAGE_SIZE} total={total} hrefOf={pageHref} />
      </Stack>
    </Container>
  )
}
