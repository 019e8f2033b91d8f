import { Button, Heading, HStack, Stack } from '@chakra-ui/react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { notify } from '../../../lib/notify.ts'
import { useCompetitionStore } from '../../../stores/competition.ts'
import { EntryForm } from './entry-form.tsx'
import { nextStepPath } from './next-step.ts'
import { WorkStep } from './work-step.tsx'

/**
 * /:competition/base/works/info — the design statement and team (forms.workInfo: co-authors and
 * their roles) and the advisers (forms.adviser), each saved on its own.
 */
export function Component() {
  const navigate = useNavigate()
  const loadUserInfo = useCompetitionStore((s) => s.loadUserInfo)
  return (
    <WorkStep title="设计说明与团队">
      {({ competition, api, work, reload }) => {
        const { workInfo, adviser } = competition.forms
        const next = nextStepPath(competition, 'works-info', work.id)
        return (
          <Stack gap="8">
            {workInfo && (
              <Stack gap="3">
                <Heading as="h3" size="md">
                  设计说明与团队成员
                </Heading>
                <EntryForm
                  api={api}
                  form={workInfo}
                  formKey="workInfo"
                  workId={work.id}
                  saved={work.info}
                  context={{}}
                  submitLabel={adviser ? '保存设计说明' : '保存并继续'}
                  onSubmit={async (data) => {
                    await api.saveWorkInfo(work.id, data)
                    await loadUserInfo()
                    notify('设计说明已保存', 'success')
                    if (adviser) reload()
                    else navigate(next)
                  }}
                />
              </Stack>
            )}
            {adviser && (
              <Stack gap="3">
                <Heading as="h3" size="md">
                  指导老师
                </Heading>
                <EntryForm
                  api={api}
                  form={adviser}
                  formKey="adviser"
                  workId={work.id}
                  saved={work.adviser}
                  context={{}}
                  submitLabel="保存并继续"
                  onSubmit={async (data) => {
                    await api.saveAdviser(work.id, data)
                    await loadUserInfo()
                    notify('指导老师信息已保存', 'success')
                    navigate(next)
                  }}
                />
              </Stack>
            )}
            <HStack justify="space-between">
              <Button asChild variant="ghost">
                <RouterLink to={`/${competition.slug}/base/works/base?id=${work.id}`}>上一步</RouterLink>
              </Button>
              {work.info && (
                <Button asChild variant="outline">
                  <RouterLink to={next}>下一步</RouterLink>
                </Button>
              )}
            </HStack>
          </Stack>
        )
      }}
    </WorkStep>
  )
}
