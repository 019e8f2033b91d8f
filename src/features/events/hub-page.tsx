import { Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { type LoaderFunctionArgs, Link as RouterLink, useLoaderData } from 'react-router'
import { listHub } from '../../api/events.ts'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'
import { HubCard } from './hub-card.tsx'
import { filterHub, hubFilters, hubPath, hubYears, STATE_FILTERS } from './hub-filters.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = hubFilters(new URL(request.url).searchParams)
  const items = await listHub()
  return { ...filters, items }
}

type Data = Awaited<ReturnType<typeof loader>>

export const handle = pageHead<Data>(() => ({
  title: '赛事活动',
  description: '咖簿网赛事活动：正在报名、即将开始和已结束的设计竞赛、沙龙、论坛与大会，一页看全。',
}))

function FilterRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack gap="2" wrap="wrap" as="nav" aria-label={label}>
      <Text fontSize="sm" color="fg.muted" minW="10">
        {label}
      </Text>
      {children}
    </HStack>
  )
}

/** /events/index (SPEC §2): every competition (competitions/) and event (events/), filtered by state and year. */
export function Component() {
  const { state, year, items } = useLoaderData() as Data
  const shown = filterHub(items, { state, year })
  const option = (active: boolean) => ({
    size: 'sm' as const,
    variant: active ? ('solid' as const) : ('outline' as const),
    colorPalette: 'brand',
  })
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            赛事活动
          </Heading>
          <Text color="fg.muted">设计竞赛、沙龙、论坛与大会：报名、参赛与现场签到都在这里。</Text>
        </Stack>
        <Stack gap="3">
          <FilterRow label="状态">
            {STATE_FILTERS.map((f) => (
              <Button key={f.value} asChild {...option(f.value === state)}>
                <RouterLink
                  to={hubPath(paths.events.path, f.value, year)}
                  aria-current={f.value === state ? 'page' : undefined}
                >
                  {f.label}
                </RouterLink>
              </Button>
            ))}
          </FilterRow>
          <FilterRow label="年份">
            <Button asChild {...option(year === undefined)}>
              <RouterLink to={hubPath(paths.events.path, state, undefined)}>全部</RouterLink>
            </Button>
            {hubYears(items).map((y) => (
              <Button key={y} asChild {...option(y === year)}>
                <RouterLink
                  to={hubPath(paths.events.path, state, y)}
                  aria-current={y === year ? 'page' : undefined}
                >
                  {y}年
                </RouterLink>
              </Button>
            ))}
          </FilterRow>
        </Stack>
        {shown.length ? (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5" data-testid="hub-list">
            {shown.map((item) => (
              <HubCard key={`${item.type}-${item.slug}`} item={item} />
            ))}
          </SimpleGrid>
        ) : (
          <Text color="fg.muted" data-testid="hub-empty">
            没有符合条件的赛事活动。
          </Text>
        )}
      </Stack>
    </Container>
  )
}
