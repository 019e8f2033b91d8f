import {
  Avatar,
  Badge,
  Box,
  Card,
  Container,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react'
import { type LoaderFunctionArgs, Link as RouterLink, useLoaderData, useNavigation } from 'react-router'
import { listTalents, type Talent } from '../../api/people.ts'
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
import { loadPeopleLabels, optionsOf, type PeopleLabels } from '../../components/people-labels.ts'
import { pageHead } from '../../lib/page-head.ts'
import { assetUrl, paths } from '../../lib/paths.ts'

const PAGE_SIZE = 12

export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams
  const filter = {
    schoolRecord: filterParam(query, 'schoolRecord', /^(\d{1,3})?$/),
    cityId: filterParam(query, 'cityId', /^(\d{6})?$/),
    keyword: (query.get('keyword') ?? '').trim().slice(0, 40),
  }
  const page = pageParam(query)
  const [list, labels, regions] = await Promise.all([
    listTalents(Object.fromEntries(Object.entries(filter).filter(([, v]) => v)), page, PAGE_SIZE),
    loadPeopleLabels(),
    loadRegionOptions(filter.cityId),
  ])
  return { filter, page, ...list, labels, ...regions }
}

type Data = Awaited<ReturnType<typeof loader>>

export const handle = pageHead<Data>((data) => ({
  title: data.filter.keyword ? `人才库：${data.filter.keyword}` : '人才库',
  description: '咖簿网人才库：设计专业的学生与青年设计师，按学历、地区与专长查找。',
}))

function TalentCard({ talent: t, labels }: { talent: Talent; labels: PeopleLabels }) {
  return (
    <Card.Root asChild size="sm" variant="outline" _hover={{ borderColor: 'brand.400', shadow: 'md' }}>
      <RouterLink to={paths.talentDetail.getHref(t.id)} data-testid="talent-card">
        <Card.Body gap="3">
          <HStack gap="3">
            <Avatar.Root size="lg" colorPalette="teal">
              <Avatar.Fallback name={t.name}>{t.name.slice(0, 1)}</Avatar.Fallback>
              {t.avatar && <Avatar.Image src={assetUrl(t.avatar)} alt="" />}
            </Avatar.Root>
            <Stack gap="1" minW="0">
              <HStack gap="2">
                <Text fontWeight="bold" fontSize="lg">
                  {t.name}
                </Text>
                <Badge colorPalette="teal">{labels.schoolRecord[t.schoolRecord] ?? ''}</Badge>
              </HStack>
              <Text fontSize="sm" color="fg.muted" lineClamp={1}>
                {t.school} · {t.major}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {t.cityNames.join(' ')}
              </Text>
            </Stack>
          </HStack>
          <Wrap gap="1">
            {t.skills.slice(0, 5).map((s) => (
              <Badge key={s} variant="outline" size="sm">
                {s}
              </Badge>
            ))}
          </Wrap>
        </Card.Body>
      </RouterLink>
    </Card.Root>
  )
}

/** /talent/index (SPEC §2): students and young designers, filtered by school record and region. */
export function Component() {
  const { filter, page, rows, total, labels, provinces, cities } = useLoaderData() as Data
  const navigation = useNavigation()
  const { setFilter, pageHref } = useFilterNavigation(paths.talents.path, filter)
  const loading = navigation.state === 'loading' && navigation.location.pathname.endsWith(paths.talents.path)
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            人才库
          </Heading>
          <Text color="fg.muted">设计专业的学生与青年设计师，正在寻找实习、工作与合作机会。</Text>
        </Stack>
        <KeywordForm
          action={paths.talents.path}
          keyword={filter.keyword}
          keep={{ schoolRecord: filter.schoolRecord, cityId: filter.cityId }}
          placeholder="姓名、学校、专业或技能"
        />
        <HStack
          gap="3"
          wrap="wrap"
          align="flex-end"
          bg="bg.subtle"
          p="4"
          borderRadius="lg"
          data-testid="talent-filters"
        >
          <FilterSelect
            label="学历"
            value={filter.schoolRecord}
            options={optionsOf(labels.schoolRecord)}
            onChange={(schoolRecord) => setFilter({ schoolRecord })}
          />
          <RegionFilter
            cityId={filter.cityId}
            provinces={provinces}
            cities={cities}
            onChange={(cityId) => setFilter({ cityId })}
          />
        </HStack>
        <Text fontSize="sm" color="fg.muted" data-testid="talent-total" aria-live="polite">
          {loading ? '正在加载…' : `共 ${total} 位人才`}
        </Text>
        <Box opacity={loading ? 0.5 : 1} transition="opacity 0.2s" aria-busy={loading}>
          {rows.length ? (
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4" data-testid="talent-list">
              {rows.map((t) => (
                <TalentCard key={t.id} talent={t} labels={labels} />
              ))}
            </SimpleGrid>
          ) : (
            <Stack py="16" align="center" gap="2" data-testid="talent-empty">
              <Text fontWeight="semibold">没有找到符合条件的人才</Text>
              <Text color="fg.muted" fontSize="sm">
                换个筛选条件或关键词试试。
              </Text>
            </Stack>
          )}
        </Box>
        <Pager page={page} pageSize={PAGE_SIZE} total={total} hrefOf={pageHref} />
      </Stack>
    </Container>
  )
}
