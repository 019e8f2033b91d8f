import { describe, expect, it } from 'vitest'
import { API_FAMILIES, type ApiFamilyName } from '../../definitions/competition/families.ts'
import { type Phases, phaseRefusal, type Stage, stageAt } from '../../definitions/competition/phases.ts'
import {
  doneSteps,
  type EntryProgress,
  isWorkComplete,
  type WorkProgress,
  workStepOf,
} from '../../definitions/competition/progress.ts'
import { routesOf, stepsOf } from '../../definitions/competition/routes.ts'
import type { CompetitionDefinition, CompetitionForms } from '../../definitions/competition/types.ts'

/**
 * The competition engine's pure rules (definitions/competition): which steps and routes a definition
 * has, how far an entrant has come, where a competition stands on a clock and what the server refuses
 * outside a phase, and which paths each API family calls.
 */

type Definition = Pick<CompetitionDefinition, 'forms' | 'pay' | 'works'>

const PAY = { fee: 30000, source: 'config', required: true } as const
const ALL_FORMS: CompetitionForms = {
  registration: 'competition-registration',
  workBase: 'competition-work-base',
  workInfo: 'competition-work-info',
  adviser: 'competition-adviser',
  propertyRight: 'competition-property-right',
  displayBoard: 'competition-display-board',
}
const def = (forms: Partial<CompetitionForms>, extra: Partial<Definition> = {}): Definition => ({
  forms: { registration: 'competition-registration', ...forms },
  works: { add: true, manage: false, max: 1 },
  ...extra,
})

describe('stepsOf: the step bar follows the definition’s forms and fee', () => {
  const cases: Array<[string, Definition, string[]]> = [
    [
      'every form and a fee',
      def(ALL_FORMS, { pay: PAY }),
      ['infomation', 'works-base', 'works-info', 'works-display', 'pay'],
    ],
    ['every form, free', def(ALL_FORMS), ['infomation', 'works-base', 'works-info', 'works-display']],
    ['registration only, free', def({}), ['infomation']],
    ['registration only, with a fee', def({}, { pay: PAY }), ['infomation', 'pay']],
    ['work base only', def({ workBase: 'competition-work-base' }), ['infomation', 'works-base']],
    [
      'adviser alone makes the info step',
      def({ workBase: 'competition-work-base', adviser: 'competition-adviser' }),
      ['infomation', 'works-base', 'works-info'],
    ],
    [
      'display board alone makes the display step',
      def({ workBase: 'competition-work-base', displayBoard: 'competition-display-board' }),
      ['infomation', 'works-base', 'works-display'],
    ],
    [
      'property right alone makes the display step',
      def({ workBase: 'competition-work-base', propertyRight: 'competition-property-right' }),
      ['infomation', 'works-base', 'works-display'],
    ],
  ]
  it.each(cases)('%s', (_, definition, keys) => {
    expect(stepsOf(definition).map((s) => s.key)).toEqual(keys)
  })

  it('gives each step its label and path under /{slug}/', () => {
    expect(stepsOf(def(ALL_FORMS, { pay: PAY }))).toEqual([
      { key: 'infomation', label: '报名信息', path: 'base/infomation' },
      { key: 'works-base', label: '作品信息', path: 'base/works/base' },
      { key: 'works-info', label: '设计说明与团队', path: 'base/works/info' },
      { key: 'works-display', label: '产权与展板', path: 'base/works/display' },
      { key: 'pay', label: '缴纳报名费', path: 'pay' },
    ])
  })
})

describe('routesOf: every path under /{slug}/ (SPEC §2: works has base, info, display, sometimes add and manage)', () => {
  const ALWAYS = [
    'index',
    'preview',
    'base',
    'base/infomation',
    'base/works',
    'base/works/base',
    'base/works/info',
    'base/works/display',
  ]
  const cases: Array<[string, Definition, string[]]> = [
    ['no add, no manage, free', def(ALL_FORMS, { works: { add: false, manage: false, max: 1 } }), ALWAYS],
    [
      'add only',
      def(ALL_FORMS, { works: { add: true, manage: false, max: 1 } }),
      [...ALWAYS, 'base/works/add'],
    ],
    [
      'manage only',
      def(ALL_FORMS, { works: { add: false, manage: true, max: 1 } }),
      [...ALWAYS, 'base/works/manage'],
    ],
    [
      'add, manage and a fee',
      def(ALL_FORMS, { works: { add: true, manage: true, max: 2 }, pay: PAY }),
      [...ALWAYS, 'base/works/add', 'base/works/manage', 'pay'],
    ],
    [
      'a fee only',
      def(ALL_FORMS, { works: { add: false, manage: false, max: 1 }, pay: PAY }),
      [...ALWAYS, 'pay'],
    ],
    [
      'registration form only: the works pages still exist',
      def({}, { works: { add: false, manage: false, max: 1 } }),
      ALWAYS,
    ],
  ]
  it.each(cases)('%s', (_, definition, routes) => {
    expect(routesOf(definition)).toEqual(routes)
  })

  it('serves every step’s path', () => {
    const definition = def(ALL_FORMS, { pay: PAY })
    expect(routesOf(definition)).toEqual(expect.arrayContaining(stepsOf(definition).map((s) => s.path)))
  })
})

const work = (done: Partial<WorkProgress> = {}): WorkProgress => ({
  info: false,
  adviser: false,
  propertyRight: false,
  displayBoard: false,
  ...done,
})
const FULL = work({ info: true, adviser: true, propertyRight: true, displayBoard: true })

describe('isWorkComplete: every work step the definition asks for is saved', () => {
  const base = { workBase: 'competition-work-base' }
  const cases: Array<[string, Partial<CompetitionForms>, WorkProgress, boolean]> = [
    ['base only: a stored work is complete', base, work(), true],
    ['every form, nothing saved', ALL_FORMS, work(), false],
    ['every form, all saved', ALL_FORMS, FULL, true],
    [
      'every form, adviser missing (optional beside work info)',
      ALL_FORMS,
      work({ info: true, propertyRight: true, displayBoard: true }),
      true,
    ],
    [
      'every form, info missing',
      ALL_FORMS,
      work({ adviser: true, propertyRight: true, displayBoard: true }),
      false,
    ],
    [
      'every form, property right missing',
      ALL_FORMS,
      work({ info: true, adviser: true, displayBoard: true }),
      false,
    ],
    [
      'every form, display board missing',
      ALL_FORMS,
      work({ info: true, adviser: true, propertyRight: true }),
      false,
    ],
    [
      'adviser without work info: adviser missing',
      { ...base, adviser: 'competition-adviser' },
      work(),
      false,
    ],
    [
      'adviser without work info: adviser saved',
      { ...base, adviser: 'competition-adviser' },
      work({ adviser: true }),
      true,
    ],
    ['work info only: saved', { ...base, workInfo: 'competition-work-info' }, work({ info: true }), true],
  ]
  it.each(cases)('%s', (_, forms, progress, complete) => {
    expect(isWorkComplete(def(forms), progress)).toBe(complete)
  })
})

describe('doneSteps and workStepOf: the first step not yet done', () => {
  const entry = (e: Partial<EntryProgress> = {}): EntryProgress => ({
    registered: false,
    works: [],
    paid: false,
    ...e,
  })
  const all = def(ALL_FORMS, { pay: PAY })

  const cases: Array<[string, Definition, EntryProgress, number]> = [
    ['nothing yet', all, entry(), 0],
    ['registered', all, entry({ registered: true }), 1],
    ['a work with its base info', all, entry({ registered: true, works: [work()] }), 2],
    ['work info saved', all, entry({ registered: true, works: [work({ info: true })] }), 3],
    [
      'property right without display board',
      all,
      entry({ registered: true, works: [work({ info: true, propertyRight: true })] }),
      3,
    ],
    ['every work step, unpaid', all, entry({ registered: true, works: [FULL] }), 4],
    ['every step, paid', all, entry({ registered: true, works: [FULL], paid: true }), 5],
    ['paid but no work: still at the works', all, entry({ registered: true, paid: true }), 1],
    ['free, registration only: done when registered', def({}), entry({ registered: true }), 1],
    [
      'adviser as the info step',
      def({ workBase: 'competition-work-base', adviser: 'competition-adviser' }),
      entry({ registered: true, works: [work({ info: true })] }),
      2,
    ],
    [
      'adviser as the info step, saved',
      def({ workBase: 'competition-work-base', adviser: 'competition-adviser' }),
      entry({ registered: true, works: [work({ adviser: true })] }),
      3,
    ],
    [
      'one of two works complete is enough',
      def(ALL_FORMS),
      entry({ registered: true, works: [work(), FULL] }),
      4,
    ],
  ]
  it.each(cases)('%s', (_, definition, progress, step) => {
    expect(workStepOf(definition, progress)).toBe(step)
  })

  it('names which steps are done, by key', () => {
    expect(doneSteps(all, entry({ registered: true, works: [work({ info: true })], paid: true }))).toEqual({
      infomation: true,
      'works-base': true,
      'works-info': true,
      'works-display': false,
      pay: true,
    })
    expect(doneSteps(all, entry())).toEqual({
      infomation: false,
      'works-base': false,
      'works-info': false,
      'works-display': false,
      pay: false,
    })
  })

  it('the display step needs both property right and display board when the definition has both', () => {
    const done = (w: WorkProgress) => doneSteps(all, entry({ registered: true, works: [w] }))['works-display']
    expect(done(work({ propertyRight: true }))).toBe(false)
    expect(done(work({ displayBoard: true }))).toBe(false)
    expect(done(work({ propertyRight: true, displayBoard: true }))).toBe(false)
    expect(done(work({ info: true, propertyRight: true, displayBoard: true }))).toBe(true)
  })

  it('judges the works steps on one work: info on one and boards on another is not a finished entry', () => {
    const split = entry({
      registered: true,
      works: [work({ info: true }), work({ propertyRight: true, displayBoard: true })],
    })
    expect(doneSteps(all, split)['works-display']).toBe(false)
    expect(workStepOf(all, split)).toBe(stepsOf(all).findIndex((s) => s.key === 'works-display'))
  })
})

describe('stageAt and phaseRefusal: each boundary, in Beijing time', () => {
  const PHASES: Phases = {
    registrationOpens: '2026-09-01T09:00:00+08:00',
    registrationCloses: '2026-10-01T18:00:00+08:00',
    submissionDeadline: '2026-11-15T23:59:00+08:00',
    results: '2026-12-20T10:00:00+08:00',
  }
  const at = (iso: string, ms = 0) => Date.parse(iso) + ms
  const REGISTER_WINDOW = '报名时间：2026年9月1日 09:00 至 2026年10月1日 18:00'
  const SUBMIT_WINDOW = '作品提交时间：2026年9月1日 09:00 至 2026年11月15日 23:59'

  const stages: Array<[string, number, Stage]> = [
    ['a millisecond before registration opens', at(PHASES.registrationOpens, -1), 'upcoming'],
    ['the instant registration opens', at(PHASES.registrationOpens), 'registering'],
    ['a millisecond before registration closes', at(PHASES.registrationCloses, -1), 'registering'],
    ['the instant registration closes', at(PHASES.registrationCloses), 'submitting'],
    ['a millisecond before the submission deadline', at(PHASES.submissionDeadline, -1), 'submitting'],
    ['the submission deadline', at(PHASES.submissionDeadline), 'judging'],
    ['a millisecond before results', at(PHASES.results, -1), 'judging'],
    ['results', at(PHASES.results), 'finished'],
    ['a year later', at(PHASES.results, 365 * 86_400_000), 'finished'],
  ]
  it.each(stages)('stage %s', (_, now, stage) => {
    expect(stageAt(PHASES, now)).toBe(stage)
  })

  const refusals: Array<[string, 'register' | 'submit', number, string | undefined]> = [
    [
      'register before it opens',
      'register',
      at(PHASES.registrationOpens, -1),
      `报名尚未开始（${REGISTER_WINDOW}）`,
    ],
    ['register as it opens', 'register', at(PHASES.registrationOpens), undefined],
    ['register just before it closes', 'register', at(PHASES.registrationCloses, -1), undefined],
    ['register as it closes', 'register', at(PHASES.registrationCloses), `报名已截止（${REGISTER_WINDOW}）`],
    ['register after results', 'register', at(PHASES.results), `报名已截止（${REGISTER_WINDOW}）`],
    [
      'submit before registration opens',
      'submit',
      at(PHASES.registrationOpens, -1),
      `作品提交尚未开始（${SUBMIT_WINDOW}）`,
    ],
    ['submit as registration opens', 'submit', at(PHASES.registrationOpens), undefined],
    ['submit after registration closes', 'submit', at(PHASES.registrationCloses), undefined],
    ['submit just before the deadline', 'submit', at(PHASES.submissionDeadline, -1), undefined],
    ['submit at the deadline', 'submit', at(PHASES.submissionDeadline), `作品提交已截止（${SUBMIT_WINDOW}）`],
  ]
  it.each(refusals)('%s', (_, action, now, message) => {
    expect(phaseRefusal(PHASES, action, now)).toBe(message)
  })

  it('writes the dates in Beijing time whatever offset the instant was written with', () => {
    // 2026-09-01T01:00Z is 09:00 in Beijing.
    const utc = { ...PHASES, registrationOpens: '2026-09-01T01:00:00Z' }
    expect(phaseRefusal(utc, 'register', Date.parse('2026-08-01T00:00:00Z'))).toBe(
      `报名尚未开始（${REGISTER_WINDOW}）`,
    )
  })
})

describe('API families: the paths that differ (SPEC §7 Competition)', () => {
  const paths = (name: ApiFamilyName) => {
    const f = API_FAMILIES[name]
    return [
      f.registration.get,
      f.registration.save,
      f.works.list,
      f.works.add,
      f.works.saveInfo,
      f.works.delete,
      f.auth,
    ]
  }
  const cases: Array<[ApiFamilyName, string[]]> = [
    [
      'default',
      [
        '/tbCompetitionInfo/user/getInfoByCompetitionId',
        '/tbCompetitionInfo/user/add',
        '/tbCompetitionInfo/works/selectWorksAll',
        '/works/add',
        '/works/add',
        '/tbCompetitionInfo/deleteWork',
        '/tbCompetitionInfo/auth',
      ],
    ],
    [
      'qt',
      [
        '/QT/user/getInfoByCompetitionId',
        '/tbCompetitionInfo/QT/user/add',
        '/QT/works/getWorksByCompetitionId',
        '/works/add',
        '/QT/work/saveWorkInfo',
        '/QT/works/deleteWorks',
        '/tbCompetitionInfo/auth',
      ],
    ],
    [
      'qt2025',
      [
        '/QT/user/getInfoByCompetitionId',
        '/tbCompetitionInfo/QT/user/add',
        '/QT/works/getWorksByCompetitionId',
        '/2025QT/works/add',
        '/QT/work/saveWorkInfo',
        '/QT/works/deleteWorks',
        '/tbCompetitionInfo/auth',
      ],
    ],
    [
      'zcck',
      [
        '/tbCompetitionInfo/user/getInfoByCompetitionId',
        '/tbCompetitionInfo/user/add',
        '/tbCompetitionInfo/works/selectWorksAll',
        '/ZCCK/works/add',
        '/works/add',
        '/tbCompetitionInfo/deleteWork',
        '/tbCompetitionInfo/auth',
      ],
    ],
    [
      'young2025',
      [
        '/tbCompetitionInfo/user/getInfoByCompetitionId',
        '/tbCompetitionInfo/user/add',
        '/tbCompetitionInfo/works/selectWorksAll',
        '/works/add',
        '/works/add',
        '/tbCompetitionInfo/deleteWork',
        '/auth2025young',
      ],
    ],
  ]
  it.each(cases)('%s: registration get/save, works list/add/saveInfo/delete, auth', (name, expected) => {
    expect(paths(name)).toEqual(expected)
  })

  it('lists exactly these families', () => {
    expect(Object.keys(API_FAMILIES).sort()).toEqual(cases.map(([name]) => name).sort())
  })
})
