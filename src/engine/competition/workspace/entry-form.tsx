import { Box, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useEffect, useRef, useState } from 'react'
import { formatBeijing } from '../../../../schemas/beijing-time.ts'
import type { FormName } from '../../../../schemas/forms/index.ts'
import type { CompetitionApi } from '../../../api/competition.ts'
import { SchemaForm } from '../../../forms/schema-form.tsx'
import { useLoad } from '../../../lib/use-load.ts'

// The page heads each form already: the schema's own title would say it twice.
const HIDE_TITLE = { 'ui:options': { label: false } }

/** How long typing pauses before the draft is saved. */
const DRAFT_SAVE_DELAY_MS = 1_500

interface EntryFormProps {
  api: CompetitionApi
  /** The registry form the definition names for this step. */
  form: string
  /** The draft's key: the definition's form key (registration, workBase…). */
  formKey: string
  workId?: number
  /** What is saved on the server for this step, if anything. */
  saved: Record<string, unknown> | null | undefined
  /** The competition's choices (entrant types, ranges…) for the `choices` widget. */
  context: object
  submitLabel: string
  /** Shown, not editable and not drafted: the entry is closed or submitted (the page says why). */
  readOnly?: boolean
  onSubmit(data: Record<string, unknown>): Promise<void>
}

/**
 * One step's form, with its unfinished state kept as a server-side draft while the entrant types:
 * leaving and coming back — on this device or another — brings back what was typed. The draft wins
 * over the saved data because it is newer; saving the step clears it on the server.
 */
export function EntryForm({
  api,
  form,
  formKey,
  workId,
  saved,
  context,
  submitLabel,
  readOnly = false,
  onSubmit,
}: EntryFormProps) {
  const draft = useLoad(
    () => (readOnly ? Promise.resolve(null) : api.draft(formKey, workId).catch(() => null)),
    [formKey, workId, readOnly],
  )
  const [savedAt, setSavedAt] = useState<string | null>(null)
  // The restored draft's notice, until the form is saved (the draft is gone then).
  const [restoredShown, setRestoredShown] = useState(true)
  const [submitting, setSubmitting] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // RJSF reports a change on its first render (the defaults it fills in): only what the entrant does
  // is worth a draft, so nothing is saved until they type, pick or click in the form.
  const touched = useRef(false)
  // A draft save still on its way: a submit waits for it, or it could land after the save and bring
  // the draft back.
  const pending = useRef<Promise<unknown>>(Promise.resolve())
  useEffect(() => () => clearTimeout(timer.current), [])

  if (draft.loading) return <Skeleton height="240px" />
  const initial = draft.data?.data ?? saved ?? undefined

  const onChange = (data: Record<string, unknown>) => {
    if (!touched.current || readOnly) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      pending.current = api.saveDraft(formKey, data, workId).then(
        () => setSavedAt(new Date().toISOString()),
        () => {},
      )
    }, DRAFT_SAVE_DELAY_MS)
  }
  const touch = () => {
    touched.current = true
  }

  return (
    <Stack gap="3" onInputCapture={touch} onChangeCapture={touch} onClickCapture={touch}>
      {draft.data && restoredShown && !readOnly && (
        <Box p="3" bg="blue.50" borderRadius="md" fontSize="sm" data-testid="draft-restored">
          已恢复 {formatBeijing(new Date(draft.data.updateTime))} 自动保存的草稿（尚未提交）。
        </Box>
      )}
      <SchemaForm
        name={form as FormName}
        uiSchema={HIDE_TITLE}
        formData={initial}
        context={context}
        submitLabel={submitLabel}
        submitting={submitting}
        readOnly={readOnly}
        onChange={onChange}
        onSubmit={async (data) => {
          clearTimeout(timer.current)
          setSubmitting(true)
          try {
            await pending.current
            await onSubmit(data)
            // Saved: the server dropped the draft, so neither notice is true any more.
            touched.current = false
            setRestoredShown(false)
            setSavedAt(null)
          } catch {
            // The API client has shown why; what was typed stays in the form (and in the draft).
          } finally {
            setSubmitting(false)
          }
        }}
      />
      <HStack justify="flex-end" minH="5">
        {savedAt && !readOnly && (
          <Text fontSize="xs" color="fg.muted" data-testid="draft-saved">
            草稿已自动保存 {formatBeijing(new Date(savedAt))}
          </Text>
        )}
      </HStack>
    </Stack>
  )
}
