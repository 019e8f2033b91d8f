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
  Kbd,
  Link,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  VisuallyHidden,
} from '@chakra-ui/react'
import type Form0 from '@rjsf/core'
import type { IChangeEvent } from '@rjsf/core'
import type { RJSFSchema, UiSchema } from '@rjsf/utils'
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { ApiError } from '../../api/http.ts'
import {
  declareJudgeConflict,
  getJudgeEntries,
  type JudgeEntry,
  type JudgeEntryDetail,
  saveJudgeSheet,
} from '../../api/judging.ts'
import { Form } from '../../forms/theme.ts'
import { notify } from '../../lib/notify.ts'
import { paths } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { useTitle } from '../../lib/use-title.ts'
import { LoadFrame, MODE_LABELS, roundWindow, StateBadge } from './common.tsx'
import { loadEntry, prefetchEntry } from './entry-cache.ts'
import { isNextKey, nextUnscored, progressOf } from './next-entry.ts'
import { ScoreWidget } from './score-widget.tsx'
import { sheetErrors, sheetValidator } from './sheet-validator.ts'
import { WorkFiles } from './work-files.tsx'

/** How long the form waits after the last change before it autosaves. */
const AUTOSAVE_MS = 1000

/**
 * /judge/entry?competitionId&roundId&workId: one assigned entry, its pictures large and the scoring
 * form, under a sticky bar with the round's progress (已评 n / 共 m). Made for a judge who scores by
 * keyboard alone (README "Judging"): the first score field has focus, Tab / ↑ ↓ / Enter move between
 * criteria, Ctrl+Enter submits and opens the next unscored entry, which was fetched meanwhile. The page
 * stays mounted from entry to entry; only the entry's part is drawn anew.
 */
export function Component() {
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const competitionId = Number(search.get('competitionId'))
  const roundId = search.get('roundId') ?? ''
  const workId = Number(search.get('workId'))
  const list = useLoad(() => getJudgeEntries(competitionId, roundId), [competitionId, roundId])
  // The list as this page knows it: a submission marks its entry without asking the server again.
  const [entries, setEntries] = useState<JudgeEntry[] | undefined>(undefined)
  useEffect(() => {
    setEntries(list.data)
  }, [list.data])
  const loaded = useLoad(() => loadEntry(competitionId, roundId, workId), [competitionId, roundId, workId])
  // useLoad keeps the last entry while the next loads: never show (or let keys reach) the one just left.
  const current = loaded.data?.workId === workId ? loaded : { ...loaded, data: undefined }
  const [said, setSaid] = useState('')
  const [allDone, setAllDone] = useState(false)
  const done = useRef<HTMLDivElement>(null)
  useTitle(current.data ? `${current.data.entryNumber} · 评审` : '评审作品')
  // In braces: Chromium's scrollTo now answers a promise, which React would take for a cleanup.
  useEffect(() => {
    window.scrollTo({ top: 0 })
  }, [workId])
  useEffect(() => {
    if (allDone) done.current?.focus()
  }, [allDone])

  const next = entries ? nextUnscored(entries, workId) : undefined
  const shown = current.data
  // The next entry is fetched (with its first pictures) while the judge scores this one.
  useEffect(() => {
    if (shown?.round.state === 'open' && next !== undefined) prefetchEntry(competitionId, roundId, next)
  }, [shown, next, competitionId, roundId])

  const submitted = async (entry: JudgeEntryDetail) => {
    // The list may not have arrived yet (a slow link): then it is read now.
    const known = entries ?? (await getJudgeEntries(competitionId, roundId).catch(() => []))
    const marked = known.map((e) => (e.workId === entry.workId ? { ...e, status: 'submitted' as const } : e))
    setEntries(marked)
    const following = nextUnscored(marked, entry.workId)
    if (!known.length) return setSaid(`已提交${entry.entryNumber}的评分。`)
    if (following === undefined) {
      setAllDone(true)
      setSaid(`已提交${entry.entryNumber}的评分。本轮分配给您的作品已全部评完。`)
      return
    }
    const upcoming = marked.find((e) => e.workId === following)
    setSaid(
      `已提交${entry.entryNumber}的评分，已打开下一件：${upcoming?.entryNumber ?? ''}《${upcoming?.worksName ?? ''}》`,
    )
    navigate(paths.judgeEntry.getHref(competitionId, roundId, following))
  }

  return (
    <>
      <ProgressBar competitionId={competitionId} roundId={roundId} entries={entries} />
      <Container maxW="7xl" py={{ base: '4', md: '6' }}>
        <Stack gap="5">
          {allDone && (
            <Alert.Root status="success" ref={done} tabIndex={-1} data-testid="judge-all-done">
              <Alert.Indicator />
              <Alert.Title>本轮分配给您的作品已全部评完。</Alert.Title>
              <Link asChild ms="auto" fontSize="sm">
                <RouterLink to={paths.judgeRound.getHref(competitionId, roundId)}>返回作品列表</RouterLink>
              </Link>
            </Alert.Root>
          )}
          <LoadFrame loaded={current}>
            {(entry) => (
              <EntryView
                key={entry.workId}
                entry={entry}
                hasNext={next !== undefined}
                onSubmitted={() => submitted(entry)}
                onRefused={loaded.reload}
              />
            )}
          </LoadFrame>
        </Stack>
      </Container>
      <VisuallyHidden role="status" aria-live="polite" data-testid="judge-announce">
        {said}
      </VisuallyHidden>
    </>
  )
}

/** 已评 n / 共 m, sticky under the site header at every width, with the way back to the list. */
function ProgressBar({
  competitionId,
  roundId,
  entries,
}: {
  competitionId: number
  roundId: string
  entries: JudgeEntry[] | undefined
}) {
  const { submitted, assigned } = progressOf(entries ?? [])
  return (
    <Box
      position="sticky"
      top="16"
      zIndex="docked"
      bg="bg"
      borderBottomWidth="1px"
      data-testid="judge-progress"
    >
      <Container maxW="7xl" py="2" display="flex" alignItems="center" gap={{ base: '2', md: '4' }}>
        <Button asChild size="xs" variant="ghost" px="1" flexShrink={0}>
          <RouterLink to={paths.judgeRound.getHref(competitionId, roundId)}>← 作品列表</RouterLink>
        </Button>
        <Text fontWeight="medium" fontSize="sm" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
          {entries ? `已评 ${submitted} / 共 ${assigned}` : '已评 … / 共 …'}
        </Text>
        <Progress.Root
          value={assigned ? Math.round((submitted / assigned) * 100) : 0}
          size="sm"
          colorPalette="brand"
          flex="1"
          minW="12"
          aria-label="评审进度"
        >
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Container>
    </Box>
  )
}

interface EntryProps {
  entry: JudgeEntryDetail
  /** Another entry is still to be scored: the submit opens it. */
  hasNext: boolean
  onSubmitted(): void
  /** The server refused the sheet (the round may have closed): the entry is read again. */
  onRefused(): void
}

function EntryView({ entry, hasNext, onSubmitted, onRefused }: EntryProps) {
  const { round } = entry
  const open = round.state === 'open'
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Text fontSize="sm" color="fg.muted">
          {round.competitionTitle} · {round.title}（{MODE_LABELS[round.mode]}）
        </Text>
        <HStack gap="3" flexWrap="wrap">
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="judge-entry-title">
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
      <SimpleGrid columns={{ base: 1, lg: 5 }} gap="6" alignItems="start">
        <Stack gap="4" minW="0" gridColumn={{ lg: 'span 3' }}>
          <WorkFiles files={entry.files} />
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
        </Stack>
        {/* Beside the pictures and kept in view while they scroll (under the header and progress bar). */}
        <Stack gap="4" minW="0" gridColumn={{ lg: 'span 2' }} position={{ lg: 'sticky' }} top={{ lg: '32' }}>
          <SheetCard entry={entry} hasNext={hasNext} onSubmitted={onSubmitted} onRefused={onRefused} />
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

/** The fields of the sheet a judge moves through with the keys: the scores (or verdict) and the comment. */
const fieldsOf = (form: HTMLElement | null) =>
  [...(form?.querySelectorAll<HTMLElement>('input:not([type=hidden]), textarea') ?? [])].filter(
    (e) => !(e as HTMLInputElement).disabled,
  )

/**
 * ↑ ↓ and Enter in a score field move to the previous / next field (Enter would otherwise submit the
 * half-filled sheet); a radio keeps its own arrows, the comment its own lines.
 */
function moveBetweenFields(e: KeyboardEvent<HTMLElement>) {
  const target = e.target as HTMLElement
  if (!target.hasAttribute('data-score-field') || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return
  const by = e.key === 'ArrowDown' || e.key === 'Enter' ? 1 : e.key === 'ArrowUp' ? -1 : 0
  if (!by) return
  e.preventDefault()
  const fields = fieldsOf(e.currentTarget)
  fields[fields.indexOf(target) + by]?.focus()
}

/**
 * The scoring form, drawn from the sheet schema the server answers; autosaved while the round is open;
 * Ctrl+Enter anywhere on the page submits it and opens the next unscored entry.
 */
function SheetCard({ entry, hasNext, onSubmitted, onRefused }: EntryProps) {
  const { round } = entry
  const open = round.state === 'open'
  const schema = entry.schema as RJSFSchema
  const validator = useMemo(() => sheetValidator(), [])
  const uiSchema = useMemo<UiSchema>(
    () => ({
      'ui:submitButtonOptions': { norender: true },
      ...Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, { type?: string }>)
          .filter(([, p]) => p.type === 'number')
          .map(([id]) => [id, { 'ui:widget': ScoreWidget }]),
      ),
      pass: { 'ui:widget': 'radio' },
      comment: {
        'ui:widget': 'textarea',
        'ui:placeholder': '写给组织者的评语（选填）',
        'ui:options': { rows: 2 },
      },
    }),
    [schema],
  )
  const [submitted, setSubmitted] = useState(entry.sheet.submitted)
  const [state, setState] = useState<SaveState>(
    entry.sheet.updatedAt ? { kind: 'saved', at: entry.sheet.updatedAt } : { kind: 'idle' },
  )
  const [submitting, setSubmitting] = useState(false)
  const form = useRef<Form0>(null)
  const fields = useRef<HTMLDivElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const pending = useRef<(() => void) | undefined>(undefined)
  const lastSaved = useRef(JSON.stringify(entry.sheet.values))
  const busy = useRef(false)

  // Leaving the entry with a change not yet autosaved (the list, the browser's back) saves it now.
  useEffect(
    () => () => {
      clearTimeout(timer.current)
      pending.current?.()
    },
    [],
  )
  // The first field takes the focus, without scrolling past the pictures on a phone.
  useEffect(() => {
    if (open) fieldsOf(fields.current)[0]?.focus({ preventScroll: true })
  }, [open])
  // The one key: Ctrl+Enter from anywhere on the entry, except inside a dialog or the conflict's reason.
  useEffect(() => {
    if (!open) return
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!isNextKey(e) || (e.target as HTMLElement).closest?.('[role=dialog], [data-own-keys]')) return
      e.preventDefault()
      if (!busy.current) form.current?.submit()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  const body = (v: Record<string, unknown>, submit?: boolean) => ({
    competitionId: round.competitionId,
    roundId: round.roundId,
    workId: entry.workId,
    values: v,
    ...(submit ? { submit } : {}),
  })

  const save = async (v: Record<string, unknown>) => {
    pending.current = undefined
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
  }

  const autosave = (v: Record<string, unknown>) => {
    clearTimeout(timer.current)
    if (!open) return
    pending.current = () => void save(v)
    timer.current = setTimeout(() => save(v), AUTOSAVE_MS)
  }

  const submit = async (v: Record<string, unknown>) => {
    clearTimeout(timer.current)
    pending.current = undefined
    busy.current = true
    setSubmitting(true)
    try {
      const sheet = await saveJudgeSheet(body(v, true))
      lastSaved.current = JSON.stringify(v)
      setSubmitted(true)
      setState({ kind: 'saved', at: sheet.updatedAt ?? new Date().toISOString() })
      if (!hasNext) notify('评分已提交', 'success')
      onSubmitted()
    } catch (error) {
      // The API client has shown the server's message; a refusal may mean the round has closed.
      if (error instanceof ApiError && error.code !== undefined) onRefused()
    } finally {
      busy.current = false
      setSubmitting(false)
    }
  }

  const action = `${submitted ? '重新提交' : '提交'}${hasNext ? '并评下一件' : '评分'}`
  return (
    <Card.Root data-testid="judge-sheet" data-work-id={entry.workId}>
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
        <Box ref={fields} onKeyDown={moveBetweenFields}>
          <Form
            ref={form}
            schema={schema}
            uiSchema={uiSchema}
            validator={validator}
            // Uncontrolled, as src/forms/schema-form.tsx: handing each change back as formData echoes late.
            initialFormData={entry.sheet.values}
            showErrorList={false}
            noHtml5Validate
            focusOnFirstError
            disabled={!open || submitting}
            onChange={(e: IChangeEvent) => {
              const v = (e.formData ?? {}) as Record<string, unknown>
              autosave(v)
            }}
            onError={() => {}}
            onSubmit={(e: IChangeEvent) => submit((e.formData ?? {}) as Record<string, unknown>)}
          >
            {open ? (
              <Stack gap="2" mt="3">
                <Button
                  type="submit"
                  colorPalette="brand"
                  loading={submitting}
                  loadingText="提交中…"
                  w="full"
                  aria-keyshortcuts="Control+Enter"
                >
                  {action}
                  <Kbd size="sm" aria-hidden="true" ms="2" colorPalette="brand" variant="subtle">
                    Ctrl+Enter
                  </Kbd>
                </Button>
                <KeysLegend />
              </Stack>
            ) : (
              <span />
            )}
          </Form>
        </Box>
      </Card.Body>
    </Card.Root>
  )
}

/** The keys of the sheet, always in view under its button. */
function KeysLegend() {
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="judge-keys">
      键盘评审：<Kbd size="sm">Tab</Kbd> 或 <Kbd size="sm">↑</Kbd>
      <Kbd size="sm">↓</Kbd> 切换评分项，数字键打分，<Kbd size="sm">Enter</Kbd> 到下一项，
      <Kbd size="sm">Ctrl+Enter</Kbd> 提交并打开下一件未评作品；图片“全屏”后 <Kbd size="sm">←</Kbd>
      <Kbd size="sm">→</Kbd> 翻看，<Kbd size="sm">Esc</Kbd> 关闭。填写时自动保存。
    </Text>
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
    <Card.Root variant="subtle" data-own-keys="">
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
