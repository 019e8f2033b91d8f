import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Field,
  Heading,
  HStack,
  Image,
  Link,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react'
import type { IChangeEvent } from '@rjsf/core'
import type { RJSFSchema, UiSchema } from '@rjsf/utils'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import {
  declareJudgeConflict,
  getJudgeEntry,
  type JudgeEntryDetail,
  saveJudgeSheet,
} from '../../api/judging.ts'
import { Form } from '../../forms/theme.ts'
import { notify } from '../../lib/notify.ts'
import { paths, toAddress } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { useTitle } from '../../lib/use-title.ts'
import { LoadFrame, MODE_LABELS, roundWindow, StateBadge } from './common.tsx'
import { sheetErrors, sheetValidator } from './sheet-validator.ts'

/** How long the form waits after the last change before it autosaves. */
const AUTOSAVE_MS = 1000
const IMAGE = /\.(jpe?g|png|webp|gif)$/i
/**
 * Whether a file is a picture, previewed inline: told by its address's extension, or — a blind round's
 * copy (`/api/judge/file?…`, no extension) — by its neutral name, which the server gives the real one.
 */
const isPicture = (f: { url: string; name: string }) => IMAGE.test(/\.\w+$/.test(f.url) ? f.url : f.name)

/** /judge/entry?competitionId&roundId&workId: one assigned entry, its files and the scoring form. */
export function Component() {
  const [search] = useSearchParams()
  const competitionId = Number(search.get('competitionId'))
  const roundId = search.get('roundId') ?? ''
  const workId = Number(search.get('workId'))
  const loaded = useLoad(
    () => getJudgeEntry(competitionId, roundId, workId),
    [competitionId, roundId, workId],
  )
  useTitle(loaded.data ? `${loaded.data.entryNumber} · 评审` : '评审作品')
  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Link asChild fontSize="sm" color="fg.muted">
          <RouterLink to={paths.judgeRound.getHref(competitionId, roundId)}>← 返回作品列表</RouterLink>
        </Link>
        <LoadFrame loaded={loaded}>{(entry) => <EntryView entry={entry} />}</LoadFrame>
      </Stack>
    </Container>
  )
}

function EntryView({ entry }: { entry: JudgeEntryDetail }) {
  const { round } = entry
  const open = round.state === 'open'
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Text fontSize="sm" color="fg.muted">
          {round.competitionTitle} · {round.title}（{MODE_LABELS[round.mode]}）
        </Text>
        <HStack gap="3" flexWrap="wrap">
          <Heading as="h1" size="2xl" data-testid="judge-entry-title">
            {entry.worksName}
          </Heading>
          <StateBadge state={round.state} />
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {[entry.entryNumber, entry.rangeLabel].filter(Boolean).join(' · ')}
          {entry.proposition ? ` · 命题：${entry.proposition}` : ''}
        </Text>
      </Stack>
      {!open && (
        <Alert.Root status="info" data-testid="judge-read-only">
          <Alert.Indicator />
          <Alert.Title>
            {round.resultsPublished
              ? '评审结果已公布，评分已锁定，只能查看、不能修改。'
              : `${round.state === 'upcoming' ? '本轮评审尚未开始' : '本轮评审已结束'}（评审时间：${roundWindow(round)}），评分只能查看、不能修改。`}
          </Alert.Title>
        </Alert.Root>
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <Stack gap="4" minW="0">
          <Card.Root>
            <Card.Body gap="3">
              <Heading as="h2" size="md">
                作品简介
              </Heading>
              <Text whiteSpace="pre-wrap">{entry.abstract || '（未填写）'}</Text>
              {entry.entrant ? (
                <Text fontSize="sm" color="fg.muted">
                  参赛者：{entry.entrant.name}
                  {entry.entrant.company ? `（${entry.entrant.company}）` : ''}
                </Text>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  匿名评审：不显示参赛者信息。
                </Text>
              )}
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Body gap="3">
              <Heading as="h2" size="md">
                作品文件
              </Heading>
              {entry.files.length === 0 ? (
                <Text color="fg.muted">没有上传文件。</Text>
              ) : (
                <Stack gap="4" data-testid="judge-files">
                  {entry.files.map((f) => (
                    <Stack key={f.url} gap="1">
                      <Text fontSize="sm" color="fg.muted">
                        {f.label}
                      </Text>
                      {isPicture(f) ? (
                        <a href={toAddress(f.url)} target="_blank" rel="noreferrer">
                          <Image
                            src={toAddress(f.url)}
                            alt={f.label}
                            maxH="80"
                            w="full"
                            objectFit="contain"
                            bg="bg.muted"
                            borderRadius="md"
                          />
                        </a>
                      ) : (
                        <Link href={toAddress(f.url)} target="_blank" rel="noreferrer" color="brand.600">
                          打开 {f.name}
                        </Link>
                      )}
                    </Stack>
                  ))}
                </Stack>
              )}
            </Card.Body>
          </Card.Root>
        </Stack>
        <Stack gap="4" minW="0">
          <SheetCard entry={entry} />
          {open && <ConflictCard entry={entry} />}
        </Stack>
      </SimpleGrid>
    </Stack>
  )
}

type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'invalid' }
  | { kind: 'failed' }

/** The scoring form, drawn from the sheet schema the server answers; autosaved while the round is open. */
function SheetCard({ entry }: { entry: JudgeEntryDetail }) {
  const { round } = entry
  const open = round.state === 'open'
  const schema = entry.schema as RJSFSchema
  const validator = useMemo(() => sheetValidator(), [])
  const uiSchema = useMemo<UiSchema>(
    () => ({
      'ui:submitButtonOptions': { norender: true },
      pass: { 'ui:widget': 'radio' },
      comment: { 'ui:widget': 'textarea', 'ui:placeholder': '写给组织者的评语（选填）' },
    }),
    [],
  )
  const [submitted, setSubmitted] = useState(entry.sheet.submitted)
  const [state, setState] = useState<SaveState>(
    entry.sheet.updatedAt ? { kind: 'saved', at: entry.sheet.updatedAt } : { kind: 'idle' },
  )
  const [submitting, setSubmitting] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const lastSaved = useRef(JSON.stringify(entry.sheet.values))
  useEffect(() => () => clearTimeout(timer.current), [])

  const body = (v: Record<string, unknown>, submit?: boolean) => ({
    competitionId: round.competitionId,
    roundId: round.roundId,
    workId: entry.workId,
    values: v,
    ...(submit ? { submit } : {}),
  })

  const autosave = (v: Record<string, unknown>) => {
    clearTimeout(timer.current)
    if (!open) return
    timer.current = setTimeout(async () => {
      const partial = { ...schema, required: submitted ? schema.required : [] }
      if (Object.keys(sheetErrors(partial, v)).length) return setState({ kind: 'invalid' })
      const text = JSON.stringify(v)
      if (text === lastSaved.current) return
      setState({ kind: 'saving' })
      try {
        const sheet = await saveJudgeSheet(body(v, submitted || undefined))
        lastSaved.current = text
        setState({ kind: 'saved', at: sheet.updatedAt ?? new Date().toISOString() })
      } catch {
        setState({ kind: 'failed' })
      }
    }, AUTOSAVE_MS)
  }

  const submit = async (v: Record<string, unknown>) => {
    clearTimeout(timer.current)
    setSubmitting(true)
    try {
      const sheet = await saveJudgeSheet(body(v, true))
      lastSaved.current = JSON.stringify(v)
      setSubmitted(true)
      setState({ kind: 'saved', at: sheet.updatedAt ?? new Date().toISOString() })
      notify('评分已提交', 'success')
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <Card.Root data-testid="judge-sheet">
      <Card.Body gap="3">
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Heading as="h2" size="md">
            {round.mode === 'score' ? '评分' : '资格审查'}
          </Heading>
          <HStack gap="2">
            {submitted && <Badge colorPalette="green">已提交</Badge>}
            {open && <SaveStatus state={state} />}
          </HStack>
        </HStack>
        <Form
          schema={schema}
          uiSchema={uiSchema}
          validator={validator}
          // Uncontrolled, as src/forms/schema-form.tsx: handing each change back as formData echoes late.
          initialFormData={entry.sheet.values}
          showErrorList={false}
          noHtml5Validate
          disabled={!open || submitting}
          onChange={(e: IChangeEvent) => {
            const v = (e.formData ?? {}) as Record<string, unknown>
            autosave(v)
          }}
          onError={() => {}}
          onSubmit={(e: IChangeEvent) => submit((e.formData ?? {}) as Record<string, unknown>)}
        >
          {open ? (
            <Box display="flex" justifyContent="flex-end" mt="4">
              <Button
                type="submit"
                colorPalette="brand"
                loading={submitting}
                loadingText="提交中…"
                w={{ base: 'full', md: 'auto' }}
              >
                {submitted ? '重新提交评分' : '提交评分'}
              </Button>
            </Box>
          ) : (
            <span />
          )}
        </Form>
      </Card.Body>
    </Card.Root>
  )
}

function SaveStatus({ state }: { state: SaveState }) {
  const text =
    state.kind === 'saving'
      ? '保存中…'
      : state.kind === 'saved'
        ? `已保存 ${formatBeijing(Date.parse(state.at)).replace(/^.*日\s*/, '')}`
        : state.kind === 'invalid'
          ? '有不符合要求的分数，未保存'
          : state.kind === 'failed'
            ? '保存失败，请检查网络'
            : '填写后自动保存'
  const color = state.kind === 'invalid' || state.kind === 'failed' ? 'red.600' : 'fg.muted'
  return (
    <Text fontSize="sm" color={color} data-testid="autosave-status" aria-live="polite">
      {text}
    </Text>
  )
}

/** Declaring a conflict of interest, with its reason: the entry then goes to another judge. */
function ConflictCard({ entry }: { entry: JudgeEntryDetail }) {
  const navigate = useNavigate()
  const [shown, setShown] = useState(false)
  const [reason, setReason] = useState('')
  const [sending, setSending] = useState(false)
  const [missing, setMissing] = useState(false)
  const send = async () => {
    if (!reason.trim()) return setMissing(true)
    setSending(true)
    try {
      const { reassigned } = await declareJudgeConflict({
        competitionId: entry.round.competitionId,
        roundId: entry.round.roundId,
        workId: entry.workId,
        reason: reason.trim(),
      })
      notify(reassigned ? '已回避，作品已改派给其他评委' : '已回避', 'success')
      navigate(paths.judgeRound.getHref(entry.round.competitionId, entry.round.roundId))
    } catch {
      setSending(false)
    }
  }
  return (
    <Card.Root variant="subtle">
      <Card.Body gap="3">
        <Heading as="h2" size="sm">
          利益冲突
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          如果您认识参赛者或与这件作品有利害关系，请声明回避。回避后这件作品将改派给其他评委，您将不能再查看。
        </Text>
        {!shown ? (
          <Button
            variant="outline"
            colorPalette="red"
            size="sm"
            alignSelf="flex-start"
            onClick={() => setShown(true)}
          >
            声明回避
          </Button>
        ) : (
          <Stack gap="3">
            <Field.Root invalid={missing} required>
              <Field.Label>回避原因</Field.Label>
              <Textarea
                value={reason}
                maxLength={500}
                placeholder="如：参赛者是我指导的学生"
                onChange={(e) => {
                  setReason(e.target.value)
                  setMissing(false)
                }}
              />
              <Field.ErrorText>请写明回避原因</Field.ErrorText>
            </Field.Root>
            <HStack gap="2" justify="flex-end">
              <Button variant="ghost" size="sm" onClick={() => setShown(false)}>
                取消
              </Button>
              <Button colorPalette="red" size="sm" loading={sending} onClick={send}>
                确认回避
              </Button>
            </HStack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  )
}
