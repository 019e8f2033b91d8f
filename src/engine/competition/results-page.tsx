import { Badge, Box, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router'
import type { CompetitionResults, Winner } from '../../../schemas/api/results.ts'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { WORK_FILE_TYPES } from '../../../schemas/works.ts'
import { getCompetitionResults } from '../../api/competition.ts'
import { ApiError } from '../../api/http.ts'
import { WorkCover } from '../../components/work-cover.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'
import { competitionOf } from './route.tsx'
import { StageBanner } from './stage-banner.tsx'

/**
 * /:competition/results — the winners of every competition whose results are published (issue 24
 * item 7; README "获奖名单"): by range in the definition's order, each range by award level. Public
 * and server-rendered with the competition's share card; before publication, or for a competition
 * without judging, the server answers 404 and so does this page.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const slug = params.competition ?? ''
  try {
    const [results, competition] = await Promise.all([getCompetitionResults(slug), competitionOf(slug)])
    return { results, competition }
  } catch (error) {
    if (error instanceof ApiError && error.code === 404) throw redirect(paths.notFound.path)
    throw error
  }
}

type Data = Awaited<ReturnType<typeof loader>>

const winnersCount = (r: CompetitionResults) =>
  r.ranges.reduce((n, range) => n + range.awards.reduce((m, a) => m + a.winners.length, 0), 0)

export const handle = pageHead<Data>(
  ({ results, competition }) => ({
    title: `${results.title} · 获奖名单`,
    description: `${results.title}评审结果已公布：${results.ranges.map((r) => r.label).join('、')}共 ${winnersCount(results)} 件作品获奖。`,
    image: competition.shareCard,
  }),
  { startsWhenUsed: true },
)

export function Component() {
  const { results, competition } = useLoaderData() as Data
  return (
    <Box flex="1" bg="bg" pb="12">
      <StageBanner competition={competition} current="results" />
      <Container maxW="6xl" py={{ base: 6, md: 10 }}>
        <Stack gap="2" mb={{ base: 6, md: 8 }}>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            {results.title} · 获奖名单
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            公布时间：{formatBeijing(new Date(results.publishedAt))}（北京时间）
          </Text>
        </Stack>
        <Stack gap={{ base: 8, md: 12 }}>
          {results.ranges.map((range) => (
            <Box
              as="section"
              key={range.value}
              aria-labelledby={`range-${range.value}`}
              data-testid="results-range"
            >
              <Heading
                as="h2"
                id={`range-${range.value}`}
                size="lg"
                mb="4"
                borderLeftWidth="4px"
                borderColor="brand.500"
                ps="3"
              >
                {range.label}
              </Heading>
              <Stack gap="6">
                {range.awards.map((award) => (
                  <Box key={award.id} data-testid="results-award" data-award={award.id}>
                    <Heading as="h3" size="md" mb="3">
                      {award.title}
                      <Text as="span" fontSize="sm" color="fg.muted" fontWeight="normal" ms="2">
                        {award.winners.length} 件
                      </Text>
                    </Heading>
                    <SimpleGrid columns={{ base: 2, md: 3, lg: 4 }} gap={{ base: 3, md: 4 }}>
                      {award.winners.map((w) => (
                        <WinnerCard key={w.workId} winner={w} award={award.title} />
                      ))}
                    </SimpleGrid>
                  </Box>
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      </Container>
    </Box>
  )
}

function WinnerCard({ winner, award }: { winner: Winner; award: string }) {
  return (
    <Box
      as="article"
      borderWidth="1px"
      borderColor="border"
      borderRadius="lg"
      overflow="hidden"
      bg="bg"
      minW="0"
      data-testid="results-winner"
      data-work-id={winner.workId}
    >
      <WorkCover
        url={winner.cover ?? undefined}
        fileType={WORK_FILE_TYPES.image}
        alt={`${winner.worksName}封面`}
      />
      <Stack gap="1" p="3">
        <Badge alignSelf="flex-start" colorPalette="orange" variant="solid">
          {award}
        </Badge>
        <Text as="h4" fontWeight="bold" overflowWrap="anywhere">
          {winner.worksName}
        </Text>
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          {winner.team.length ? `${winner.entrant}（团队：${winner.team.join('、')}）` : winner.entrant}
        </Text>
      </Stack>
    </Box>
  )
}
