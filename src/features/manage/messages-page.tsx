import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Field,
  Heading,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react'
import { type ReactNode, useState } from 'react'
import {
  MESSAGE_AUDIENCE_LABELS,
  MESSAGE_AUDIENCES,
  MESSAGE_LIMITS,
  type MessageAudience,
} from '../../../schemas/api/entrant-messages.ts'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import {
  getMessagesPage,
  type ManageCompetition,
  type MessagePreview,
  type MessagesPage,
  previewMessage,
  sendMessage,
} from '../../api/manage.ts'
import { RecordTable } from '../../components/record-table.tsx'
import { notify } from '../../lib/notify.ts'
import { useLoad } from '../../lib/use-load.ts'
import { CompetitionChooser } from './competition-chooser.tsx'
import { ConsoleFrame, LoadState } from './console-frame.tsx'
import { StaffDialog } from './staff-dialog.tsx'

/**
 * /manage/messages?competitionId=…: a text message or e-mail to a filtered set of a competition's
 * entrants (README "Organisers' console"). 预览 shows how many accounts it reaches and exactly what they
 * receive; 发送 asks again with that count, and the server checks it is still the count.
 */
export function Component() {
  return (
    <ConsoleFrame title="给参赛者发消息">
      {() => (
        <CompetitionChooser>{(c) => <Messages key={c.competitionId} competition={c} />}</CompetitionChooser>
      )}
    </ConsoleFrame>
  )
}

interface Draft {
  audience: MessageAudience
  roundId: string
  range: string
  subject: string
  text: string
}

const EMPTY: Draft = { audience: 'submitted', roundId: '', range: '', subject: '', text: '' }
const lengthOf = (s: string) => [...s.trim()].length

function Messages({ competition }: { competition: ManageCompetition }) {
  const competitionId = competition.competitionId
  const page = useLoad(() => getMessagesPage(competitionId), [competitionId])
  return (
    <LoadState loaded={page}>
      {(data) => (
        <Stack gap="6">
          <Composer competitionId={competitionId} page={data} onSent={page.reload} />
          <SentList sent={data.sent} />
        </Stack>
      )}
    </LoadState>
  )
}

function Composer({
  competitionId,
  page,
  onSent,
}: {
  competitionId: number
  page: MessagesPage
  onSent(): void
}) {
  const [draft, setDraft] = useState<Draft>({ ...EMPTY, roundId: page.rounds[0]?.value ?? '' })
  // The preview answers one draft: any change asks for a new one before sending.
  const [preview, setPreview] = useState<{ of: Draft; answer: MessagePreview }>()
  const [repeat, setRepeat] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const change = (part: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...part }))
    setPreview(undefined)
    setRepeat(false)
  }
  const body = () => ({
    competitionId,
    audience: draft.audience,
    roundId: draft.audience === 'round' ? draft.roundId : undefined,
    range: draft.range || undefined,
    subject: draft.subject,
    text: draft.text,
  })
  const textLength = lengthOf(draft.text)
  const subjectLength = lengthOf(draft.subject)
  const textTooLong = textLength > MESSAGE_LIMITS.textMax
  const subjectTooLong = subjectLength > MESSAGE_LIMITS.subjectMax
  const runPreview = async () => {
    setBusy(true)
    try {
      setPreview({ of: draft, answer: await previewMessage(body()) })
    } catch {
      // Shown by the API client in the server's words.
    } finally {
      setBusy(false)
    }
  }
  const shown = preview?.of === draft ? preview.answer : undefined
  const send = async () => {
    if (!shown) return
    await sendMessage({ ...body(), confirmCount: shown.recipients, repeat })
    notify(`已发送给 ${shown.recipients} 位参赛者`, 'success')
    setDraft((d) => ({ ...d, subject: '', text: '' }))
    setPreview(undefined)
    setRepeat(false)
    onSent()
  }
  return (
    <Card.Root size="sm" data-testid="message-composer">
      <Card.Body gap="4">
        <Text fontSize="sm" color="fg.muted">
          手机号账号收到短信，邮箱账号收到邮件；同一账号只收一条。发送前先预览人数和全文，确认后经发件队列发出，参赛者也能在“我的赛事”中看到。
        </Text>
        <SimpleGrid columns={{ base: 1, md: draft.audience === 'round' ? 3 : 2 }} gap="3">
          <Choice
            label="收件范围"
            name="audience"
            value={draft.audience}
            onChange={(audience) => change({ audience: audience as MessageAudience })}
            options={MESSAGE_AUDIENCES.filter((a) => a !== 'round' || page.rounds.length > 0).map((a) => ({
              value: a,
              label: MESSAGE_AUDIENCE_LABELS[a],
            }))}
          />
          {draft.audience === 'round' && (
            <Choice
              label="评审轮次"
              name="roundId"
              value={draft.roundId}
              onChange={(roundId) => change({ roundId })}
              options={page.rounds}
            />
          )}
          <Choice
            label="参赛类别"
            name="range"
            value={draft.range}
            onChange={(range) => change({ range })}
            options={[{ value: '', label: '不限' }, ...page.ranges]}
          />
        </SimpleGrid>
        {draft.audience === 'awarded' && !page.published && (
          <Text fontSize="sm" color="orange.fg">
            评审结果尚未公布，“已公布获奖”暂无收件人。
          </Text>
        )}
        <Field.Root invalid={subjectTooLong}>
          <Field.Label>邮件主题（选填）</Field.Label>
          <Input
            name="subject"
            value={draft.subject}
            onChange={(e) => change({ subject: e.target.value })}
            placeholder="组委会通知"
          />
          <Field.HelperText>
            {subjectLength} / {MESSAGE_LIMITS.subjectMax}（只用于邮件；短信没有主题）
          </Field.HelperText>
          <Field.ErrorText>邮件主题不能超过 {MESSAGE_LIMITS.subjectMax} 字</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={textTooLong} required>
          <Field.Label>正文</Field.Label>
          <Textarea
            name="text"
            value={draft.text}
            onChange={(e) => change({ text: e.target.value })}
            rows={5}
            placeholder="写给参赛者的话；发送时自动加上“【咖簿网】“赛事名称”组委会：”开头"
          />
          <Field.HelperText>
            {textLength} / {MESSAGE_LIMITS.textMax}
          </Field.HelperText>
          <Field.ErrorText>正文不能超过 {MESSAGE_LIMITS.textMax} 字</Field.ErrorText>
        </Field.Root>
        <Box>
          <Button
            onClick={runPreview}
            loading={busy}
            disabled={textLength === 0 || textTooLong || subjectTooLong}
            data-testid="message-preview"
            variant="outline"
            colorPalette="brand"
          >
            预览
          </Button>
        </Box>
        {shown && (
          <PreviewCard preview={shown} repeat={repeat} onRepeat={setRepeat}>
            <Button
              colorPalette="brand"
              disabled={shown.recipients === 0 || (shown.repeatOf !== null && !repeat)}
              onClick={() => setConfirming(true)}
              data-testid="message-send"
            >
              发送给 {shown.recipients} 位参赛者…
            </Button>
          </PreviewCard>
        )}
      </Card.Body>
      {confirming && shown && (
        <StaffDialog
          title="确认发送"
          testId="message-confirm"
          confirm="确认发送"
          onConfirm={async () => {
            await send()
            setConfirming(false)
          }}
          onClose={() => setConfirming(false)}
        >
          <Text fontSize="sm">确认发送给 {shown.recipients} 位参赛者？</Text>
          <Text fontSize="sm" color="fg.muted" mt="2">
            发出后不能撤回。
          </Text>
        </StaffDialog>
      )}
    </Card.Root>
  )
}

function Choice({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string
  name: string
  value: string
  options: Array<{ value: string; label: string }>
  onChange(value: string): void
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}

function PreviewCard({
  preview,
  repeat,
  onRepeat,
  children,
}: {
  preview: MessagePreview
  repeat: boolean
  onRepeat(repeat: boolean): void
  children: ReactNode
}) {
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" data-testid="message-preview-result">
      <Text fontWeight="medium" data-testid="message-recipients">
        将发送给 {preview.recipients} 位参赛者（{preview.filterLabel}）
      </Text>
      {preview.recipients === 0 && (
        <Text fontSize="sm" color="orange.fg">
          没有符合条件的参赛者。
        </Text>
      )}
      <Stack gap="1">
        <Text fontSize="sm" color="fg.muted">
          短信和邮件正文
        </Text>
        <Text
          bg="bg.muted"
          p="2"
          borderRadius="sm"
          whiteSpace="pre-wrap"
          overflowWrap="anywhere"
          data-testid="message-sms-text"
        >
          {preview.smsText}
        </Text>
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          邮件主题：{preview.emailSubject}
        </Text>
      </Stack>
      {preview.repeatOf && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Stack gap="2">
            <Alert.Title>
              同样的正文已于 {formatBeijing(Date.parse(preview.repeatOf))} 发给这些参赛者。
            </Alert.Title>
            <Checkbox.Root checked={repeat} onCheckedChange={(e) => onRepeat(e.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>再次发送</Checkbox.Label>
            </Checkbox.Root>
          </Stack>
        </Alert.Root>
      )}
      <Box>{children}</Box>
    </Stack>
  )
}

function SentList({ sent }: { sent: MessagesPage['sent'] }) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        已发送
      </Heading>
      {sent.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          暂未发送消息。
        </Text>
      ) : (
        <RecordTable
          rows={sent}
          rowKey={(m) => String(m.id)}
          testId="sent-messages"
          title={(m) => formatBeijing(Date.parse(m.sentAt))}
          columns={[
            {
              header: '发送时间',
              inCard: false,
              nowrap: true,
              cell: (m) => formatBeijing(Date.parse(m.sentAt)),
            },
            { header: '收件范围', cell: (m) => m.filterLabel },
            { header: '人数', cell: (m) => `${m.recipients} 位` },
            { header: '主题', cell: (m) => m.subject },
            {
              header: '正文',
              cell: (m) => (
                <Text as="span" whiteSpace="pre-wrap" overflowWrap="anywhere">
                  {m.text}
                </Text>
              ),
            },
            { header: '发送人', cell: (m) => m.sentBy },
          ]}
        />
      )}
    </Stack>
  )
}
