import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fragmentNames } from '../../definitions/check-all.ts'
import { checkCompetitions } from '../../definitions/competition/check.ts'
import type { DefinitionError } from '../../definitions/core/json-file.ts'
import { knownRoutes } from '../../definitions/known-routes.ts'
import { COMPETITION_2027 } from '../support/competition-definition.ts'
import { tempDir } from '../support/temp-dir.ts'

/**
 * Every message the checker gives about `judging` and `awards` (definitions/competition/judging.ts),
 * each case on a temp root holding one competition file, asserted with its file, JSON path and words.
 */
function site(definition: object): string {
  const root = tempDir('judging-check')
  fs.mkdirSync(path.join(root, 'competitions'), { recursive: true })
  fs.mkdirSync(path.join(root, 'public/competitions/demo'), { recursive: true })
  fs.writeFileSync(path.join(root, 'public/competitions/demo/cover.webp'), 'webp')
  fs.writeFileSync(path.join(root, 'competitions/demo.json'), JSON.stringify(definition, null, 2))
  return root
}

const check = (definition: object) => {
  const root = site(definition)
  return checkCompetitions(root, fragmentNames(root), knownRoutes(root))
}

const CRITERIA = [
  { id: 'innovation', title: '创新性', max: 10, weight: 0.6 },
  { id: 'function', title: '功能', max: 5, weight: 0.4 },
]

const qualify = (changes: Record<string, unknown> = {}) => ({
  id: 'qualify',
  title: '资格审查',
  opens: '2027-09-01T09:00:00+08:00',
  closes: '2027-09-15T17:00:00+08:00',
  mode: 'qualifying',
  consensus: 'majority',
  entries: 'allSubmitted',
  judgesPerEntry: 3,
  ...changes,
})

const final = (changes: Record<string, unknown> = {}) => ({
  id: 'final',
  title: '终评',
  opens: '2027-09-20T09:00:00+08:00',
  closes: '2027-11-10T17:00:00+08:00',
  mode: 'score',
  criteria: CRITERIA,
  result: 'trimmedMean',
  entries: 'passedPrevious',
  judgesPerEntry: 3,
  ...changes,
})

const AWARDS = {
  levels: [
    { id: 'gold', title: '金奖', count: 1 },
    { id: 'merit', title: '优秀奖', count: 0 },
  ],
}

function valid(rounds: object[] = [qualify(), final()], awards: object | null = AWARDS) {
  return {
    ...COMPETITION_2027,
    pages: {
      index: { sections: [{ type: 'hero', props: { title: '测试设计大赛' } }] },
      preview: { sections: [{ type: 'hero', props: { title: '作品' } }] },
    },
    judging: { rounds },
    ...(awards ? { awards } : {}),
  }
}

const at = (p: string, message: string): DefinitionError => ({
  file: 'competitions/demo.json',
  path: p,
  message,
})

const cases: Array<[string, object, DefinitionError]> = [
  [
    'a round time without +08:00',
    valid([qualify({ opens: '2027-09-01T01:00:00Z' }), final()]),
    at('judging.rounds[0].opens', '时间必须写成北京时间并带时区 +08:00，如 2026-09-01T09:00:00+08:00'),
  ],
  [
    'a round date that does not exist',
    valid([qualify({ closes: '2027-09-31T17:00:00+08:00' }), final()]),
    at('judging.rounds[0].closes', '不是有效的日期时间（如 2 月 30 日、13 月、25 点）'),
  ],
  [
    'a round id that is no id',
    valid([qualify({ id: 'First Round' }), final()]),
    at('judging.rounds[0].id', '轮次 id 只能由小写字母、数字和连字符组成（至多 40 个字符），如 first、final'),
  ],
  [
    'a criterion id that is no id',
    valid([qualify(), final({ criteria: [{ id: '创新', title: '创新性', max: 10, weight: 1 }] })]),
    at(
      'judging.rounds[1].criteria[0].id',
      'id 只能由字母、数字、- 和 _ 组成，以字母开头（至多 40 个字符），如 innovation',
    ),
  ],
  [
    'duplicate round ids',
    valid([qualify({ id: 'final' }), final()]),
    at('judging.rounds[1].id', '轮次 id“final”与 judging.rounds[0] 重复，每一轮的 id 必须不同'),
  ],
  [
    'a round closing when it opens',
    valid([qualify({ closes: '2027-09-01T09:00:00+08:00' }), final()]),
    at(
      'judging.rounds[0].closes',
      '本轮结束（2027-09-01T09:00:00+08:00）必须晚于本轮开始（2027-09-01T09:00:00+08:00）',
    ),
  ],
  [
    'a round opening before registration opens',
    valid([qualify({ opens: '2027-02-01T09:00:00+08:00' }), final()]),
    at(
      'judging.rounds[0].opens',
      '本轮开始（2027-02-01T09:00:00+08:00）不能早于报名开始（2027-03-01T09:00:00+08:00）：评审的是参赛者提交的作品',
    ),
  ],
  [
    'a round closing after the results',
    valid([qualify(), final({ closes: '2027-11-21T17:00:00+08:00' })]),
    at(
      'judging.rounds[1].closes',
      '本轮结束（2027-11-21T17:00:00+08:00）不能晚于结果公布（2027-11-20T10:00:00+08:00）：评审须在公布结果前结束',
    ),
  ],
  [
    'a round opening before the previous one closes',
    valid([qualify(), final({ opens: '2027-09-10T09:00:00+08:00' })]),
    at(
      'judging.rounds[1].opens',
      '本轮开始（2027-09-10T09:00:00+08:00）不能早于上一轮“资格审查”结束（2027-09-15T17:00:00+08:00）',
    ),
  ],
  [
    'a first round taking the previous round’s entries',
    valid([qualify({ entries: 'passedPrevious' })], null),
    at('judging.rounds[0].entries', '第一轮没有上一轮：entries 只能是 "allSubmitted"（全部已提交作品）'),
  ],
  [
    'passedPrevious after a scored round',
    valid([
      final({
        entries: 'allSubmitted',
        opens: '2027-09-01T09:00:00+08:00',
        closes: '2027-09-15T17:00:00+08:00',
        id: 'first',
        title: '初评',
      }),
      final(),
    ]),
    at(
      'judging.rounds[1].entries',
      '上一轮“初评”是评分轮，没有“通过”：请写 { "topPerRange": N }（每个类别前 N 名晋级）',
    ),
  ],
  [
    'a top-N after a qualifying round',
    valid([qualify(), final({ entries: { topPerRange: 5 } })]),
    at(
      'judging.rounds[1].entries',
      '上一轮“资格审查”是资格审查，没有排名：请写 "passedPrevious"（通过资格审查的作品）',
    ),
  ],
  [
    'a qualifying round without a consensus rule',
    valid([qualify({ consensus: undefined }), final()]),
    at(
      'judging.rounds[0]',
      '资格审查轮（mode 为 qualifying）必须写通过规则 consensus："majority"（过半数）、"unanimous"（全体）或 { "atLeast": N }',
    ),
  ],
  [
    'a qualifying round with criteria',
    valid([qualify({ criteria: CRITERIA }), final()]),
    at('judging.rounds[0].criteria', '资格审查轮只判“通过 / 不通过”，不写评分标准 criteria'),
  ],
  [
    'a qualifying round with a result',
    valid([qualify({ result: 'mean' }), final()]),
    at('judging.rounds[0].result', '资格审查轮没有分数，不写 result'),
  ],
  [
    'a consensus no panel can reach',
    valid([qualify({ consensus: { atLeast: 4 } }), final()]),
    at(
      'judging.rounds[0].consensus.atLeast',
      '需要 4 位评委通过，但每件作品只有 3 位评委（judgesPerEntry），没有作品能通过',
    ),
  ],
  [
    'a consensus of no one',
    valid([qualify({ consensus: { atLeast: 0 } }), final()]),
    at('judging.rounds[0].consensus.atLeast', '至少需要 1 位评委通过'),
  ],
  [
    'a consensus rule that is not one',
    valid([qualify({ consensus: 'most' }), final()]),
    at(
      'judging.rounds[0].consensus',
      'consensus 只能是 "majority"（过半数）、"unanimous"（全体）或 { "atLeast": N }',
    ),
  ],
  [
    'an entries rule that is not one',
    valid([qualify({ entries: 'all' }), final()]),
    at(
      'judging.rounds[0].entries',
      'entries 只能是 "allSubmitted"、"passedPrevious" 或 { "topPerRange": N }',
    ),
  ],
  [
    'a scored round without criteria',
    valid([qualify(), final({ criteria: undefined })]),
    at('judging.rounds[1]', '评分轮（mode 为 score）必须写评分标准 criteria'),
  ],
  [
    'a scored round without a result',
    valid([qualify(), final({ result: undefined })]),
    at(
      'judging.rounds[1]',
      '评分轮（mode 为 score）必须写 result："mean"（平均分）或 "trimmedMean"（去掉最高最低分后的平均）',
    ),
  ],
  [
    'a scored round with a consensus rule',
    valid([qualify(), final({ consensus: 'majority' })]),
    at('judging.rounds[1].consensus', '评分轮按分数排名，不写通过规则 consensus'),
  ],
  [
    'duplicate criteria',
    valid([qualify(), final({ criteria: [CRITERIA[0], CRITERIA[0]] })]),
    at(
      'judging.rounds[1].criteria[1].id',
      '评分项 id“innovation”与 judging.rounds[1].criteria[0] 重复，每一项的 id 必须不同',
    ),
  ],
  [
    'a criterion whose maximum is 0',
    valid([qualify(), final({ criteria: [{ ...CRITERIA[0], max: 0 }] })]),
    at('judging.rounds[1].criteria[0].max', '满分必须大于 0'),
  ],
  [
    'a criterion whose weight is negative',
    valid([qualify(), final({ criteria: [{ ...CRITERIA[0], weight: -1 }] })]),
    at('judging.rounds[1].criteria[0].weight', '权重必须大于 0'),
  ],
  [
    'no judge per entry',
    valid([qualify({ judgesPerEntry: 0, consensus: 'unanimous' }), final()]),
    at('judging.rounds[0].judgesPerEntry', '每件作品至少由 1 位评委评审'),
  ],
  [
    'a top-N of zero',
    valid([
      final({
        id: 'first',
        entries: 'allSubmitted',
        opens: '2027-09-01T09:00:00+08:00',
        closes: '2027-09-15T17:00:00+08:00',
      }),
      final({ entries: { topPerRange: 0 } }),
    ]),
    at('judging.rounds[1].entries.topPerRange', '每个类别至少晋级 1 件作品'),
  ],
  [
    'a negative award count',
    valid(undefined, { levels: [{ id: 'gold', title: '金奖', count: -1 }] }),
    at('awards.levels[0].count', '获奖数量不能为负数（0 表示该类别不设此奖）'),
  ],
  [
    'duplicate award ids',
    valid(undefined, { levels: [AWARDS.levels[0], { id: 'gold', title: '银奖', count: 2 }] }),
    at('awards.levels[1].id', '奖项 id“gold”与 awards.levels[0] 重复，每个奖项的 id 必须不同'),
  ],
  [
    'awards without judging',
    (() => {
      const { judging: _judging, ...rest } = valid()
      return rest
    })(),
    at('awards', '写了奖项 awards 就必须写评审 judging：奖项按评审结果评定'),
  ],
  [
    'awards without a scored round to rank by',
    valid([qualify()]),
    at('awards', '奖项按评分排名建议，judging 中至少要有一个评分轮（mode 为 score）'),
  ],
]

describe('check:definitions on judging and awards', () => {
  it('accepts a qualifying round followed by a scored one, with awards', () => {
    const { errors, warnings, competitions } = check(valid())
    expect(errors).toEqual([])
    expect(warnings).toEqual([])
    expect(competitions[0]?.judging?.rounds.map((r) => r.id)).toEqual(['qualify', 'final'])
    expect(competitions[0]?.awards?.levels.map((l) => l.title)).toEqual(['金奖', '优秀奖'])
  })

  it('accepts a definition without judging', () => {
    const { judging: _j, awards: _a, ...plain } = valid()
    expect(check(plain).errors).toEqual([])
  })

  it.each(cases)('refuses %s', (_what, definition, expected) => {
    const { errors, competitions } = check(definition)
    expect(errors).toEqual([expected])
    expect(competitions).toEqual([])
  })

  it('warns when a trimmed mean has fewer than 3 judges (it is then a mean)', () => {
    const { errors, warnings } = check(valid([qualify(), final({ judgesPerEntry: 2 })]))
    expect(errors).toEqual([])
    expect(warnings).toEqual([
      at(
        'judging.rounds[1].result',
        '去掉最高分和最低分需要至少 3 位评委，本轮每件作品只有 2 位：结果将是普通平均分',
      ),
    ])
  })
})
