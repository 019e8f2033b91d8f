import {
  Box,
  Button,
  Card,
  Container,
  Heading,
  HStack,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { ApiError } from '../../api/http.ts'
import { getJudgeRounds } from '../../api/judging.ts'
import { paths } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { useTitle } from '../../lib/use-title.ts'
import { LoadFrame, MODE_LABELS, roundWindow, StateBadge } from './common.tsx'

/** /judge: the rounds the signed-in judge sits on, each with their progress (README "Judging"). */
export function Component() {
  useTitle('评审工作台')
  // An account without a judge role is told so, not shown a failure.
  const loaded = useLoad(
    () =>
      getJudgeRounds().catch((e: unknown) =>
        e instanceof ApiError && e.code === 403 ? [] : Promise.reject(e),
      ),
    [],
  )
  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            评审工作台
          </Heading>
          <Text color="fg.muted">
            这里列出您担任评委的评审轮次。评审时间内可以打分、保存和提交，时间以北京时间为准。
          </Text>
        </Stack>
        <LoadFrame loaded={loaded}>
          {(rounds) =>
            rounds.length === 0 ? (
              <Text color="fg.muted" data-testid="judge-no-rounds">
                您目前没有评审任务。如果您是评委，请联系赛事组织者确认已授予评委权限。
              </Text>
            ) : (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                {rounds.map((r) => {
                  const percent = r.assigned ? Math.round((r.submitted / r.assigned) * 100) : 0
                  return (
                    <Card.Root key={`${r.competitionId}-${r.roundId}`} data-testid="judge-round">
                      <Card.Body gap="3">
                        <Text fontSize="sm" color="fg.muted">
                          {r.competitionTitle}
                        </Text>
                        <HStack justify="space-between" align="flex-start" gap="3">
                          <Heading as="h2" size="lg">
                            {r.title}
                          </Heading>
                          <StateBadge state={r.state} />
                        </HStack>
                        <Text fontSize="sm">
                          {MODE_LABELS[r.mode]}
                          {r.blind ? ' · 匿名评审' : ''}
                        </Text>
                        <Text fontSize="sm" color="fg.muted">
                          评审时间：{roundWindow(r)}
                        </Text>
                        <Box>
                          <Text fontSize="sm" mb="1">
                            已提交 {r.submitted} / {r.assigned} 件
                          </Text>
                          <Progress.Root value={percent} size="sm" colorPalette="brand">
                            <Progress.Track>
                              <Progress.Range />
                            </Progress.Track>
                          </Progress.Root>
                        </Box>
                      </Card.Body>
                      <Card.Footer>
                        <Button asChild colorPalette="brand" size="sm" w={{ base: 'full', md: 'auto' }}>
                          <RouterLink to={paths.judgeRound.getHref(r.competitionId, r.roundId)}>
                            {r.state === 'open' ? '进入评审' : '查看作品'}
                          </RouterLink>
                        </Button>
                      </Card.Footer>
                    </Card.Root>
                  )
                })}
              </SimpleGrid>
            )
          }
        </LoadFrame>
      </Stack>
    </Container>
  )
}
