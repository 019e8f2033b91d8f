import {
  Alert,
  Badge,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  Stack,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react'
import { useState } from 'react'
import { type Publication, publishResults, reopenResults, unschedulePublication } from '../../api/results.ts'
import { notify } from '../../lib/notify.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { beijing } from './results-format.ts'
import { StaffDialog } from './staff-dialog.tsx'

const STATUS = { none: '未公布', scheduled: '已安排', published: '已公布', reopened: '已撤回更正中' } as const
const PALETTE = { none: 'gray', scheduled: 'blue', published: 'green', reopened: 'orange' } as const

/** A UTC ISO as the wall-clock Beijing text a datetime-local input holds, and back (always +08:00). */
const toInput = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 16)
const fromInput = (value: string) => `${value}:00+08:00`

/**
 * The publication: its state; 立即公布 / 按计划公布 (at a chosen Beijing time, the results time by
 * default) with the reason when either is not allowed; 取消按计划公布; and, once published, 撤回更正
 * with a reason (README "Correcting published results").
 */
export function PublicationPanel({
  competitionId,
  publication: p,
  onDone,
}: {
  competitionId: number
  publication: Publication
  onDone(): void
}) {
  const [asking, setAsking] = useState<'now' | 'scheduled' | 'unschedule' | 'reopen'>()
  const defaultTime = Date.parse(p.resultsAt) > Date.now() ? toInput(p.resultsAt) : ''
  const [time, setTime] = useState(p.publishAt ? toInput(p.publishAt) : defaultTime)
  const [reason, setReason] = useState('')
  const open = p.status !== 'published'
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
            : p.status === 'reopened'
              ? `结果已撤回更正（原因：${p.reopenReason ?? ''}），目前不公开。修改获奖名单后重新公布，只通知结果有变化的参赛者，奖项变化的证书重新颁发。`
              : `结果公布时间：${beijing(p.resultsAt)}（北京时间）。公布时通知每位参赛者。`}
      </Text>
      {open && (
        <Stack gap="2">
          {p.publishRefusal && (
            <Alert.Root status="warning" size="sm" data-testid="publish-refusal">
              <Alert.Indicator />
              <Alert.Title>暂不能立即公布：{p.publishRefusal}</Alert.Title>
            </Alert.Root>
          )}
          <Wrap gap="2" align="end">
            <Button
              size="sm"
              colorPalette="brand"
              disabled={Boolean(p.publishRefusal)}
              onClick={() => setAsking('now')}
              data-testid="publish-now"
            >
              立即公布
            </Button>
            <Field.Root w="auto">
              <Field.Label fontSize="xs">计划公布时间（北京时间）</Field.Label>
              <Input
                size="sm"
                type="datetime-local"
                value={time}
                onChange={(e) => setTime(e.target.value)}
                data-testid="publish-time"
                maxW="15rem"
              />
            </Field.Root>
            <Button
              size="sm"
              variant="outline"
              colorPalette="brand"
              disabled={Boolean(p.scheduleRefusal) || !time}
              onClick={() => setAsking('scheduled')}
              data-testid="publish-scheduled"
              title={p.scheduleRefusal ?? undefined}
            >
              {p.status === 'scheduled' ? '改为此时间' : '按计划公布'}
            </Button>
            {p.status === 'scheduled' && (
              <Button
                size="sm"
                variant="ghost"
                colorPalette="red"
                onClick={() => setAsking('unschedule')}
                data-testid="publish-unschedule"
              >
                取消按计划公布
              </Button>
            )}
          </Wrap>
          {p.scheduleRefusal && !p.publishRefusal?.includes(p.scheduleRefusal) && (
            <Text fontSize="xs" color="fg.muted">
              按计划公布：{p.scheduleRefusal}
            </Text>
          )}
        </Stack>
      )}
      {p.status === 'published' && (
        <Wrap gap="2">
          <Button
            size="sm"
            variant="outline"
            colorPalette="orange"
            onClick={() => setAsking('reopen')}
            data-testid="results-reopen"
          >
            撤回更正
          </Button>
        </Wrap>
      )}
      {(asking === 'now' || asking === 'scheduled') && (
        <ConfirmDialog
          title={asking === 'now' ? '立即公布结果' : '按计划公布结果'}
          text={
            asking === 'now'
              ? '公布后，获奖名单对参赛者和公众公开，参赛者收到短信或邮件通知；公布后不能再修改获奖名单，如需更正须先“撤回更正”并写明原因。'
              : `结果将于 ${time.replace('T', ' ')}（北京时间）自动公布，届时通知参赛者；公布前仍可修改获奖名单或取消安排。`
          }
          confirm={asking === 'now' ? '确认公布' : '确认安排'}
          testId="publish-dialog"
          onClose={() => setAsking(undefined)}
          onConfirm={async () => {
            const answer = await publishResults(
              asking === 'now'
                ? { competitionId, when: 'now' }
                : { competitionId, when: 'scheduled', publishAt: fromInput(time) },
            )
            notify(answer.msg, 'success')
            onDone()
          }}
        />
      )}
      {asking === 'unschedule' && (
        <ConfirmDialog
          title="取消按计划公布"
          text="取消后结果不会自动公布；之后可以立即公布，或重新选择时间按计划公布。"
          confirm="确认取消"
          palette="red"
          testId="unschedule-dialog"
          onClose={() => setAsking(undefined)}
          onConfirm={async () => {
            await unschedulePublication(competitionId)
            notify('已取消按计划公布', 'success')
            onDone()
          }}
        />
      )}
      {asking === 'reopen' && (
        <StaffDialog
          title="撤回已公布的结果以便更正"
          testId="reopen-dialog"
          confirm="确认撤回"
          palette="orange"
          disabled={reason.trim().length < 2 || reason.trim().length > 200}
          onClose={() => setAsking(undefined)}
          onConfirm={async () => {
            await reopenResults({ competitionId, reason: reason.trim() })
            notify('已撤回公布，可修改获奖名单后重新公布', 'success')
            setAsking(undefined)
            onDone()
          }}
        >
          <Text fontSize="sm" color="fg.muted" mb="3">
            撤回后获奖名单页和“我的赛事”暂不显示结果，证书暂停下载；修改后重新公布时，只通知结果有变化的参赛者，奖项变化的证书重新颁发（原编号查验时显示已作废）。原因记入审计日志。
          </Text>
          <Field.Root required>
            <Field.Label>原因</Field.Label>
            <Textarea
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={200}
              rows={3}
              name="reason"
              placeholder="请写明需要更正的原因（2–200 字）"
            />
            <Field.HelperText>{reason.trim().length} / 200</Field.HelperText>
          </Field.Root>
        </StaffDialog>
      )}
    </Stack>
  )
}
