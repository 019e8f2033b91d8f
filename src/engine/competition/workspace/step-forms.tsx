import { Button, Heading, HStack, Stack } from '@chakra-ui/react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { notify } from '../../../lib/notify.ts'
import { useCompetitionStore } from '../../../stores/competition.ts'
import { EntryForm } from './entry-form.tsx'
import { entryLock } from './entry-lock.ts'
import type { WorkStepProps } from './work-step.tsx'

/** One form of a works step: the definition's form for it (absent: not shown) and how it saves. */
interface StepFormPart {
  /** The draft's key: the definition's form key. */
  key: string
  form: string | undefined
  heading: string
  saved: Record<string, unknown> | null | undefined
  /** The button of a form that is not the step's last. */
  saveLabel: string
  savedMessage: string
  save(data: Record<string, unknown>): Promise<unknown>
}

/**
 * The forms of a works step, one under another, each saved on its own: the last one's button moves
 * on to the next step, the others stay (and show what was saved). Under them, back and — once the
 * step is done — forward.
 */
export function StepForms({
  step,
  parts,
  back,
  next,
  done,
}: {
  step: WorkStepProps
  parts: StepFormPart[]
  back: string
  next: string
  done: boolean
}) {
  const navigate = useNavigate()
  const loadUserInfo = useCompetitionStore((s) => s.loadUserInfo)
  const entry = useCompetitionStore((s) => s.userInfo)
  const locked = !!entryLock(step.competition, entry).works
  const shown = parts.filter((part) => part.form)
  return (
    <Stack gap="8">
      {shown.map((part, index) => {
        const last = index === shown.length - 1
        return (
          <Stack gap="3" key={part.key}>
            <Heading as="h3" size="md">
              {part.heading}
            </Heading>
            <EntryForm
              api={step.api}
              form={part.form as string}
              formKey={part.key}
              workId={step.work.id}
              saved={part.saved}
              readOnly={locked}
              context={{}}
              submitLabel={last ? '保存并继续' : part.saveLabel}
              onSubmit={async (data) => {
                await part.save(data)
                await loadUserInfo()
                notify(part.savedMessage, 'success')
                if (last) navigate(next)
                else step.reload()
              }}
            />
          </Stack>
        )
      })}
      <HStack justify="space-between">
        <Button asChild variant="ghost">
          <RouterLink to={back}>上一步</RouterLink>
        </Button>
        {(done || locked) && (
          <Button asChild variant="outline">
            <RouterLink to={next}>下一步</RouterLink>
          </Button>
        )}
      </HStack>
    </Stack>
  )
}
