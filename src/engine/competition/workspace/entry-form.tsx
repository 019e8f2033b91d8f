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
export const DRAFT_SAVE_DELAY_MS = 1_500

export interface EntryFormProps {
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
  onSubmit,
}: EntryFormProps) {
  const draft = useLoad(() => api.draft(formKey, workId).catch(() => null), [formKey, workId])
  const [savedAt, setSavedAt] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  if (draft.loading) return <Skeleton height="240px" />
  const initial = draft.data?.data ?? saved ?? undefined

  const onChange = (data: Record<string, unknown>) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      api.saveDraft(formKey, data, workId).then(
        () => setSavedAt(new Date().toISOString()),
        () => {},
      )
    }, DRAFT_SAVE_DELAY_MS)
  }

  return (
    <Stack gap="3">
      {draft.data && (
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
        onChange={onChange}
        onSubmit={async (data) => {
          clearTimeout(timer.current)
          setSubmitting(true)
          try {
            await onSubmit(data)
          } catch {
            // The API client has shown why; what was typed stays in the form (and in the draft).
          } finally {
            setSubmitting(false)
          }
        }}
      />
      <HStack justify="flex-end" minH="5">
        {savedAt && (
          <Text fontSize="xs" color="fg.muted" data-testid="draft-saved">
            草稿已自动保存 {formatBeijing(new Date(savedAt))}
          </Text>
        )}
      </HStack>
    </Stack>
  )
}
