import { Alert, Badge, Button, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react'
import { useState } from 'react'
import { type Publication, publishResults } from '../../api/results.ts'
import { notify } from '../../lib/notify.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { beijing } from './results-format.ts'

const STATUS = { none: '未公布', scheduled: '已安排', published: '已公布' } as const
const PALETTE = { none: 'gray', scheduled: 'blue', published: 'green' } as const

/** The publication: its state, and 立即公布 / 按计划公布 with the reason when either is not allowed. */
export function PublicationPanel({
  competitionId,
  publication: p,
  onDone,
}: {
  competitionId: number
  publication: Publication
  onDone(): void
}) {
  const [asking, setAsking] = useState<'now' | 'scheduled'>()
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }} data-testid="publication">
      <HStack gap="2" wrap="wrap">
        <Heading as="h3" size="sm">
          公布结果
        </Heading>
        <Badge colorPalette={PALETTE[p.status]} data-testid="publication-status" data-status={p.status}>
          {STATUS[p.status]}
        </Badge>
      </HStack>
      <Text fontSize="sm">
        {p.status === 'published' && p.publishedAt
          ? `结果已于 ${beijing(p.publishedAt)}（北京时间）公布，参赛者已收到通知。`
          : p.status === 'scheduled' && p.publishAt
            ? `结果将于 ${beijing(p.publishAt)}（北京时间）自动公布，公布时通知每位参赛者。`
            : `赛事定义的结果公布时间：${beijing(p.resultsAt)}（北京时间）。公布时通知每位参赛者。`}
      </Text>
      {p.status !== 'published' && (
        <Stack gap="2">
          {p.publishRefusal && (
            <Alert.Root status="warning" size="sm" data-testid="publish-refusal">
              <Alert.Indicator />
              <Alert.Title>暂不能立即公布：{p.publishRefusal}</Alert.Title>
            </Alert.Root>
          )}
          <Wrap gap="2">
            <Button
              size="sm"
              colorPalette="brand"
              disabled={Boolean(p.publishRefusal)}
              onClick={() => setAsking('now')}
              data-testid="publish-now"
            >
              立即公布
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="brand"
              disabled={Boolean(p.scheduleRefusal) || p.status === 'scheduled'}
              onClick={() => setAsking('scheduled')}
              data-testid="publish-scheduled"
              title={p.scheduleRefusal ?? undefined}
            >
              按计划公布
            </Button>
          </Wrap>
          {p.scheduleRefusal &&
            p.status !== 'scheduled' &&
            !p.publishRefusal?.includes(p.scheduleRefusal) && (
              <Text fontSize="xs" color="fg.muted">
                按计划公布：{p.scheduleRefusal}
              </Text>
            )}
        </Stack>
      )}
      {asking && (
        <ConfirmDialog
          title={asking === 'now' ? '立即公布结果' : '按计划公布结果'}
          text={
            asking === 'now'
              ? '公布后，获奖名单对参赛者和公众公开，每位参赛者收到短信或邮件通知；公布后不能再修改获奖名单。'
              : `结果将于 ${beijing(p.resultsAt)}（北京时间）自动公布，届时通知每位参赛者；公布前仍可修改获奖名单。`
          }
          confirm={asking === 'now' ? '确认公布' : '确认安排'}
          testId="publish-dialog"
          onClose={() => setAsking(undefined)}
          onConfirm={async () => {
            await publishResults({ competitionId, when: asking })
            notify(asking === 'now' ? '结果已公布，并已通知参赛者' : '已安排按计划公布', 'success')
            onDone()
          }}
        />
      )}
    </Stack>
  )
}
