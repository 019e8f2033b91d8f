import { Alert, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useMemo } from 'react'
import { useNavigate } from 'react-router'
import { competitionApi } from '../../../api/competition.ts'
import { notify } from '../../../lib/notify.ts'
import { useCompetitionStore } from '../../../stores/competition.ts'
import { useCompetition } from '../route.tsx'
import { EntryForm } from './entry-form.tsx'
import { entryLock } from './entry-lock.ts'
import { nextStepPath } from './next-step.ts'
import { useChoices } from './use-choices.ts'

/** /:competition/base/infomation — the registration form the definition names (forms.registration). */
export function Component() {
  const competition = useCompetition()
  const api = useMemo(() => competitionApi(competition), [competition])
  const entry = useCompetitionStore((s) => s.userInfo)
  const setUserInfo = useCompetitionStore((s) => s.setUserInfo)
  const navigate = useNavigate()
  const form = competition.forms.registration
  const choices = useChoices(competition, api, form)
  // Closed or submitted: the form shows what was saved, read-only, under the reason (which the
  // workspace already shows above the steps when it is the same for the works).
  const lock = entryLock(competition, entry)
  const closed = lock.registration

  return (
    <Stack gap="5">
      <Heading as="h2" size="lg">
        报名信息
      </Heading>
      {closed && closed !== lock.works && (
        <Alert.Root status="warning" data-testid="register-closed">
          <Alert.Indicator />
          <Alert.Title>{closed}</Alert.Title>
        </Alert.Root>
      )}
      {choices.error ? (
        <Text color="red.600" data-testid="choices-failed">
          {choices.error}
        </Text>
      ) : !choices.context ? (
        <Skeleton height="320px" />
      ) : (
        <EntryForm
          api={api}
          form={form}
          formKey="registration"
          saved={entry?.info ?? (closed ? undefined : entry?.prefill)}
          readOnly={!!closed}
          context={choices.context}
          submitLabel="保存并继续"
          onSubmit={async (data) => {
            const saved = await api.saveEntry(data)
            setUserInfo(saved)
            notify('报名信息已保存', 'success')
            navigate(nextStepPath(competition, 'infomation'))
          }}
        />
      )}
    </Stack>
  )
}
