import { paths } from '../../../lib/paths.ts'
import { nextStepPath } from './next-step.ts'
import { StepForms } from './step-forms.tsx'
import { WorkStep } from './work-step.tsx'

/**
 * /:competition/base/works/info — the design statement and team (forms.workInfo: co-authors and
 * their roles) and the advisers (forms.adviser), each saved on its own.
 */
export function Component() {
  return (
    <WorkStep title="设计说明与团队">
      {(step) => {
        const { competition, api, work } = step
        return (
          <StepForms
            step={step}
            back={`${paths.competition.getHref(competition.slug, 'base/works/base')}?id=${work.id}`}
            next={nextStepPath(competition, 'works-info', work.id)}
            done={!!work.info}
            parts={[
              {
                key: 'workInfo',
                form: competition.forms.workInfo,
                heading: '设计说明与团队成员',
                saved: work.info,
                saveLabel: '保存设计说明',
                savedMessage: '设计说明已保存',
                save: (data) => api.saveWorkInfo(work.id, data),
              },
              {
                key: 'adviser',
                form: competition.forms.adviser,
                heading: '指导老师',
                saved: work.adviser,
                saveLabel: '保存指导老师',
                savedMessage: '指导老师信息已保存',
                save: (data) => api.saveAdviser(work.id, data),
              },
            ]}
          />
        )
      }}
    </WorkStep>
  )
}
