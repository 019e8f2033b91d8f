import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Heading,
  HStack,
  Image,
  Kbd,
  Link,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react'
import { useEffect } from 'react'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { getJudgeEntries, getJudgeRounds, type JudgeEntry } from '../../api/judging.ts'
import { paths, toAddress } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { useTitle } from '../../lib/use-title.ts'
import { LoadFrame, MODE_LABELS, roundWindow, STATUS_LABELS, StateBadge } from './common.tsx'
import { isNextKey, nextUnscored, progressOf } from './next-entry.ts'

/** /judge/round?competitionId&roundId: the entries of a round assigned to the judge — a table, cards on phones. */
export function Component() {
  const [search] = useSearchParams()
  const competitionId = Number(search.get('competitionId'))
  const roundId = search.get('roundId') ?? ''
  const loaded = useLoad(async () => {
    const [rounds, entries] = await Promise.all([getJudgeRounds(), getJudgeEntries(competitionId, roundId)])
    return { round: rounds.find((r) => r.competitionId === competitionId && r.roundId === roundId), entries }
  }, [competitionId, roundId])
  useTitle(loaded.data?.round ? `${loaded.data.round.title} · 评审` : '评审作品')
  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Link asChild fontSize="sm" color="fg.muted">
          <RouterLink to={paths.judge.path}>← 评审工作台</RouterLink>
        </Link>
        <LoadFrame loaded={loaded}>
          {({ round, entries }) => (
            <Stack gap="5">
              {round && (
                <Stack gap="1">
                  <Text fontSize="sm" color="fg.muted">
                    {round.competitionTitle}
                  </Text>
                  <HStack gap="3" flexWrap="wrap">
                    <Heading as="h1" size="2xl">
                      {round.title}
                    </Heading>
                    <StateBadge state={round.state} />
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {MODE_LABELS[round.mode]} · 评审时间：{roundWindow(round)} · 已提交 {round.submitted} /{' '}
                    {round.assigned} 件
                  </Text>
                </Stack>
              )}
              {entries.length > 0 && (
                <NextEntry competitionId={competitionId} roundId={roundId} entries={entries} />
              )}
              {entries.length === 0 ? (
                <Text color="fg.muted">本轮还没有分配给您的作品。组织者分配后，作品会出现在这里。</Text>
              ) : (
                <>
                  <Table.Root display={{ base: 'none', md: 'table' }} data-testid="judge-entries-table">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>作品编号</Table.ColumnHeader>
                        <Table.ColumnHeader>作品名称</Table.ColumnHeader>
                        <Table.ColumnHeader>参赛类别</Table.ColumnHeader>
                        <Table.ColumnHeader>状态</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">我的评分</Table.ColumnHeader>
                        <Table.ColumnHeader />
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {entries.map((e) => (
                        <Table.Row key={e.workId}>
                          <Table.Cell whiteSpace="nowrap">{e.entryNumber}</Table.Cell>
                          <Table.Cell>{e.worksName}</Table.Cell>
                          <Table.Cell>{e.rangeLabel}</Table.Cell>
                          <Table.Cell>
                            <Badge colorPalette={STATUS_LABELS[e.status].palette}>
                              {STATUS_LABELS[e.status].text}
                            </Badge>
                          </Table.Cell>
                          <Table.Cell textAlign="end">
                            {e.score === null ? '—' : e.score.toFixed(2)}
                          </Table.Cell>
                          <Table.Cell textAlign="end">
                            <Button asChild size="xs" variant="outline">
                              <RouterLink to={paths.judgeEntry.getHref(competitionId, roundId, e.workId)}>
                                {e.status === 'submitted' ? '查看' : '评审'}
                              </RouterLink>
                            </Button>
                          </Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                  <Stack gap="3" display={{ base: 'flex', md: 'none' }} data-testid="judge-entries-cards">
                    {entries.map((e) => (
                      <Card.Root key={e.workId} size="sm">
                        <Card.Body>
                          <HStack gap="3" align="flex-start">
                            {e.cover && (
                              <Image
                                src={toAddress(e.cover)}
                                alt=""
                                boxSize="16"
                                objectFit="cover"
                                borderRadius="md"
                                flexShrink={0}
                              />
                            )}
                            <Box minW="0" flex="1">
                              <Text fontSize="xs" color="fg.muted">
                                {[e.entryNumber, e.rangeLabel].filter(Boolean).join(' · ')}
                              </Text>
                              <Text fontWeight="medium" lineClamp={2}>
                                {e.worksName}
                              </Text>
                              <HStack mt="1" gap="2">
                                <Badge colorPalette={STATUS_LABELS[e.status].palette}>
                                  {STATUS_LABELS[e.status].text}
                                </Badge>
                                {e.score !== null && <Text fontSize="sm">{e.score.toFixed(2)} 分</Text>}
                              </HStack>
                            </Box>
                          </HStack>
                        </Card.Body>
                        <Card.Footer>
                          <Button asChild size="sm" w="full" variant="outline">
                            <RouterLink to={paths.judgeEntry.getHref(competitionId, roundId, e.workId)}>
                              {e.status === 'submitted' ? '查看' : '评审'}
                            </RouterLink>
                          </Button>
                        </Card.Footer>
                      </Card.Root>
                    ))}
                  </Stack>
                </>
              )}
            </Stack>
          )}
        </LoadFrame>
      </Stack>
    </Container>
  )
}

/**
 * 评审下一件未评: the first entry not yet submitted, opened by its button or by Ctrl+Enter anywhere on
 * the list — the same key that, on an entry, submits it and opens the next.
 */
function NextEntry({
  competitionId,
  roundId,
  entries,
}: {
  competitionId: number
  roundId: string
  entries: JudgeEntry[]
}) {
  const navigate = useNavigate()
  const next = nextUnscored(entries)
  const { submitted, assigned } = progressOf(entries)
  const href = next === undefined ? undefined : paths.judgeEntry.getHref(competitionId, roundId, next)
  useEffect(() => {
    if (!href) return
    const onKey = (e: KeyboardEvent) => {
      if (!isNextKey(e)) return
      e.preventDefault()
      navigate(href)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [href, navigate])
  return (
    <Card.Root variant="subtle" data-testid="judge-next">
      <Card.Body gap="2" flexDirection={{ base: 'column', md: 'row' }} alignItems={{ md: 'center' }}>
        <Text fontWeight="medium" flex="1">
          已评 {submitted} / 共 {assigned}
          {href ? '' : ' · 全部评完'}
        </Text>
        {href && (
          <Button asChild colorPalette="brand" size="sm" aria-keyshortcuts="Control+Enter">
            <RouterLink to={href}>
              {submitted ? '继续评审下一件未评' : '开始评审'}
              <Kbd size="sm" aria-hidden="true" ms="2" colorPalette="brand" variant="subtle">
                Ctrl+Enter
              </Kbd>
            </RouterLink>
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  )
}
