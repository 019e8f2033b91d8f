import type { CompetitionDefinition } from './types.ts'

/**
 * The entrant's steps, in order. Each is a route under /{slug}/ (SPEC §2: base with children
 * infomation and works; works with base, info, display); `pay` exists only where the definition has
 * a fee. The step bar follows the store's workStep: the index of the first step not yet done.
 */
export interface Step {
  key: 'infomation' | 'works-base' | 'works-info' | 'works-display' | 'pay'
  label: string
  /** Path under /{slug}/. */
  path: string
}

export function stepsOf(definition: Pick<CompetitionDefinition, 'pay' | 'forms'>): Step[] {
  const steps: Step[] = [{ key: 'infomation', label: '报名信息', path: 'base/infomation' }]
  if (definition.forms.workBase) steps.push({ key: 'works-base', label: '作品信息', path: 'base/works/base' })
  if (definition.forms.workInfo || definition.forms.adviser)
    steps.push({ key: 'works-info', label: '设计说明与团队', path: 'base/works/info' })
  if (definition.forms.propertyRight || definition.forms.displayBoard)
    steps.push({ key: 'works-display', label: '产权与展板', path: 'base/works/display' })
  if (definition.pay) steps.push({ key: 'pay', label: '缴纳报名费', path: 'pay' })
  return steps
}

/** Every path a definition serves under /{slug}/, for the router, the server's page list and tests. */
export function routesOf(definition: Pick<CompetitionDefinition, 'pay' | 'forms' | 'works'>): string[] {
  const routes = ['index', 'preview', 'base', 'base/infomation', 'base/works']
  routes.push('base/works/base', 'base/works/info', 'base/works/display')
  if (definition.works.add) routes.push('base/works/add')
  if (definition.works.manage) routes.push('base/works/manage')
  if (definition.pay) routes.push('pay')
  return routes
}
