import { Badge, HStack, Steps } from '@chakra-ui/react'
import { Link as RouterLink, useLocation } from 'react-router'
import type { CompetitionEntry, CompetitionView } from '../../../../schemas/api/competition.ts'

/**
 * The entrant's steps (definitions/competition/routes.ts stepsOf), done up to the store's workStep.
 * A step already reached is a link, so an entrant can go back and change it.
 */
export function StepBar({ competition, entry }: { competition: CompetitionView; entry: CompetitionEntry }) {
  const { pathname } = useLocation()
  const steps = competition.steps
  const reached = Math.min(entry.workStep, steps.length)
  return (
    <Steps.Root
      step={reached}
      count={steps.length}
      colorPalette="brand"
      size="sm"
      data-testid="competition-steps"
      data-step={entry.workStep}
    >
      <Steps.List>
        {steps.map((step, index) => {
          const here = pathname.endsWith(`/${competition.slug}/${step.path}`)
          const open = index <= reached
          return (
            <Steps.Item key={step.key} index={index} title={step.label}>
              <Steps.Indicator />
              {open ? (
                <RouterLink to={`/${competition.slug}/${step.path}`} aria-current={here ? 'step' : undefined}>
                  <Steps.Title fontWeight={here ? 'bold' : 'normal'}>{step.label}</Steps.Title>
                </RouterLink>
              ) : (
                <Steps.Title color="fg.muted">{step.label}</Steps.Title>
              )}
              <Steps.Separator />
            </Steps.Item>
          )
        })}
      </Steps.List>
      <HStack mt="3" gap="2">
        {entry.payRequired && (
          <Badge colorPalette={entry.paid ? 'green' : 'orange'} data-testid="entry-paid">
            {entry.paid ? '已缴费' : '未缴费'}
          </Badge>
        )}
        {entry.finalised && (
          <Badge colorPalette="green" data-testid="entry-finalised">
            已确认提交
          </Badge>
        )}
      </HStack>
    </Steps.Root>
  )
}
