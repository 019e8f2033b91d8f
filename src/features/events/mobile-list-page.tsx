import { Container, Heading, Stack, Text } from '@chakra-ui/react'
import { useLoaderData } from 'react-router'
import { listHub } from '../../api/events.ts'
import { pageHead } from '../../lib/page-head.ts'
import { HubCard } from './hub-card.tsx'

export async function loader() {
  return { items: await listHub() }
}

type Data = Awaited<ReturnType<typeof loader>>

export const handle = pageHead<Data>(() => ({
  title: '赛事活动（手机版）',
  description: '在手机上查看咖簿网的设计竞赛与活动：正在报名的在前，点开即可报名或签到。',
}))

const GROUPS = [
  { state: 'open', title: '进行中' },
  { state: 'upcoming', title: '即将开始' },
  { state: 'past', title: '已结束' },
] as const

/** /mobile/competition/index: the phone-first list of competitions and events, one column, grouped by state. */
export function Component() {
  const { items } = useLoaderData() as Data
  return (
    <Container maxW="xl" px="3" py="5">
      <Stack gap="5">
        <Heading as="h1" size="xl">
          赛事活动
        </Heading>
        {GROUPS.map((group) => {
          const list = items.filter((i) => i.state === group.state)
          if (!list.length) return null
          return (
            <Stack as="section" key={group.state} gap="3" aria-label={group.title}>
              <Text as="h2" fontWeight="bold" color="fg.muted" fontSize="sm">
                {group.title}（{list.length}）
              </Text>
              {list.map((item) => (
                <HubCard key={`${item.type}-${item.slug}`} item={item} compact />
              ))}
            </Stack>
          )
        })}
      </Stack>
    </Container>
  )
}
