import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkAllDefinitions, fragmentNames } from '../../definitions/check-all.ts'
import { checkCompetitions } from '../../definitions/competition/check.ts'
import { API_FAMILY_NAMES } from '../../definitions/competition/families.ts'
import { type Stage, stageAt } from '../../definitions/competition/phases.ts'
import { renderable } from '../../definitions/competition/render.ts'
import { routesOf } from '../../definitions/competition/routes.ts'
import type { DefinitionError } from '../../definitions/core/json-file.ts'
import { knownRoutes } from '../../definitions/known-routes.ts'
import { formatBeijing } from '../../schemas/beijing-time.ts'
import { FORMS } from '../../schemas/forms/index.ts'
import { ScaffoldError, scaffoldCompetition } from '../../scripts/new-competition.ts'
import { COMPETITION_2027 } from '../support/competition-definition.ts'
import { tempDir } from '../support/temp-dir.ts'

/**
 * Every message of definitions/competition/check.ts, each on a temp root holding only the files the
 * case needs, asserted as the one error with its file, JSON path and words; then the real
 * competitions/ folder and what `npm run new:competition` writes.
 */
const repo = path.resolve(import.meta.dirname, '../..')

type Files = Record<string, object | string>

/** A temp repository: one cover image, one fragment (with section id "rules") and the given competitions. */
function site(files: Files): string {
  const root = tempDir('competitions')
  fs.mkdirSync(path.join(root, 'competitions'), { recursive: true })
  fs.mkdirSync(path.join(root, 'public/competitions/demo'), { recursive: true })
  fs.writeFileSync(path.join(root, 'public/competitions/demo/cover.webp'), 'webp')
  fs.mkdirSync(path.join(root, 'landing-pages/_shared/competition'), { recursive: true })
  fs.writeFileSync(
    path.join(root, 'landing-pages/_shared/competition/rules.json'),
    JSON.stringify({
      sections: [{ type: 'faq', id: 'rules', props: { items: [{ q: '问', a: '答' }] } }],
    }),
  )
  for (const [name, content] of Object.entries(files))
    fs.writeFileSync(
      path.join(root, 'competitions', name),
      typeof content === 'string' ? content : JSON.stringify(content, null, 2),
    )
  return root
}

const check = (root: string) => checkCompetitions(root, fragmentNames(root), knownRoutes(root))

/** A definition that passes; each case changes one thing. */
function valid(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...COMPETITION_2027,
    entrantTypes: [
      { value: 'personal', label: '个人' },
      { value: 'team', label: '团队' },
    ],
    companyTypes: [
      { value: 'university', label: '高校' },
      { value: 'enterprise', label: '企业' },
    ],
    ranges: {
      default: [
        { value: 'product', label: '产品设计' },
        { value: 'concept', label: '概念设计' },
      ],
      propositional: [{ value: 'p-1', label: '命题一', brief: '说明' }],
    },
    pay: { fee: 30000, source: 'authPrice', required: true },
    pages: {
      index: {
        sections: [
          { type: 'hero', id: 'top', props: { title: '测试设计大赛' } },
          { include: 'competition/rules' },
        ],
      },
      preview: { sections: [{ type: 'richText', props: { blocks: [{ kind: 'paragraph', text: '作品' }] } }] },
    },
    ...changes,
  }
}

const phases = (changes: Record<string, string>) => ({
  phases: { ...(valid().phases as object), ...changes },
})
/** The valid phases moved to `year`, for a second competition of another year. */
const phasesIn = (year: number) =>
  Object.fromEntries(
    Object.entries(valid().phases as Record<string, string>).map(([k, v]) => [k, `${year}${v.slice(4)}`]),
  )
const forms = (changes: Record<string, unknown>) => ({ forms: { ...(valid().forms as object), ...changes } })
const index = (sections: unknown[]) => ({
  pages: { ...(valid().pages as object), index: { sections } },
})

const cases: Array<[string, Files, DefinitionError]> = [
  [
    'bad JSON, with line and column',
    { 'demo.json': '{\n  "competitionId": 101\n  "title": "测试设计大赛"\n}' },
    {
      file: 'competitions/demo.json',
      path: '(第 3 行第 3 列)',
      message: '不是有效的 JSON：此处 JSON 语法有误（多了或少了逗号、引号、括号？）',
    },
  ],
  [
    'a file that ends early',
    { 'demo.json': '{\n  "competitionId": 101,\n' },
    {
      file: 'competitions/demo.json',
      path: '(第 3 行第 1 列)',
      message: '不是有效的 JSON：文件提前结束（缺少 } 或 ]？）',
    },
  ],
  [
    'a file that is not an object',
    { 'demo.json': '[]' },
    { file: 'competitions/demo.json', path: '(文件)', message: '文件内容应为一个对象 { … }' },
  ],
  [
    'a wrong $schema',
    { 'demo.json': valid({ $schema: './landing-page.schema.json' }) },
    {
      file: 'competitions/demo.json',
      path: '$schema',
      message: '应为 "./competition.schema.json"（编辑器据此提示字段）',
    },
  ],
  [
    'a missing required field',
    { 'demo.json': { ...valid(), title: undefined } },
    { file: 'competitions/demo.json', path: '(文件)', message: '缺少必填项“title”' },
  ],
  [
    'a file name that is no URL',
    { 'my_comp.json': valid() },
    {
      file: 'competitions/my_comp.json',
      path: '(文件名)',
      message: '文件名即网址 /<文件名>/index：只能用字母、数字和 -',
    },
  ],
  [
    'a reserved slug, whatever its case',
    { 'Mine.json': valid() },
    {
      file: 'competitions/Mine.json',
      path: '(文件名)',
      message: '“Mine”是网站已有的网址，不能用作赛事文件名',
    },
  ],
  [
    'slugs that differ only in case',
    { 'Demo.json': valid(), 'demo.json': valid({ competitionId: 102 }) },
    {
      file: 'competitions/demo.json',
      path: '(文件名)',
      message: '与 competitions/Demo.json 的网址只差大小写，请换一个文件名',
    },
  ],
  [
    'a duplicate competitionId, blamed on the later year (not on the later name)',
    { 'a.json': valid({ year: 2028, phases: phasesIn(2028) }), 'b.json': valid() },
    {
      file: 'competitions/a.json',
      path: 'competitionId',
      message:
        '赛事编号 101 已被 competitions/b.json 使用，每个赛事的编号必须不同：请给本文件换一个新编号（不要改已上线赛事的编号）。本文件的届次年份较晚，视为新加的文件',
    },
  ],
  [
    'a duplicate competitionId in one year, blamed on the file after it by name (no git history here)',
    { 'a.json': valid(), 'b.json': valid() },
    {
      file: 'competitions/b.json',
      path: 'competitionId',
      message:
        '赛事编号 101 已被 competitions/a.json 使用，每个赛事的编号必须不同：请给本文件换一个新编号（不要改已上线赛事的编号）。两个文件都未提交到 git，本文件的文件名排在后面，视为新加的文件',
    },
  ],
  [
    'an unknown API family, with a suggestion',
    { 'demo.json': valid({ api: 'qt2052' }) },
    {
      file: 'competitions/demo.json',
      path: 'api',
      message: `未知的接口“qt2052”（是不是想写“qt2025”？）。可用：${API_FAMILY_NAMES.join('、')}`,
    },
  ],
  [
    'an API family that is not a name',
    { 'demo.json': valid({ api: 7 }) },
    {
      file: 'competitions/demo.json',
      path: 'api',
      message: `只能是：${API_FAMILY_NAMES.map((n) => JSON.stringify(n)).join('、')}`,
    },
  ],
  [
    'a phase without +08:00',
    { 'demo.json': valid(phases({ registrationOpens: '2027-03-01T01:00:00Z' })) },
    {
      file: 'competitions/demo.json',
      path: 'phases.registrationOpens',
      message: '时间必须写成北京时间并带时区 +08:00，如 2026-09-01T09:00:00+08:00',
    },
  ],
  [
    'a date that does not exist',
    { 'demo.json': valid(phases({ registrationCloses: '2027-02-30T17:00:00+08:00' })) },
    {
      file: 'competitions/demo.json',
      path: 'phases.registrationCloses',
      message: '不是有效的日期时间（如 2 月 30 日、13 月、25 点）',
    },
  ],
  [
    'phases out of order',
    { 'demo.json': valid(phases({ submissionDeadline: '2027-06-01T17:00:00+08:00' })) },
    {
      file: 'competitions/demo.json',
      path: 'phases.submissionDeadline',
      message: '作品提交截止（2027-06-01T17:00:00+08:00）不能早于报名截止（2027-06-30T17:00:00+08:00）',
    },
  ],
  [
    'registration closing when it opens',
    { 'demo.json': valid(phases({ registrationCloses: '2027-03-01T09:00:00+08:00' })) },
    {
      file: 'competitions/demo.json',
      path: 'phases.registrationCloses',
      message: '报名截止（2027-03-01T09:00:00+08:00）必须晚于报名开始（2027-03-01T09:00:00+08:00）',
    },
  ],
  [
    'an unknown form name, with a suggestion',
    { 'demo.json': valid(forms({ registration: 'competition-registraton' })) },
    {
      file: 'competitions/demo.json',
      path: 'forms.registration',
      message:
        '表单“competition-registraton”不存在（是不是想写“competition-registration”？）。请使用 schemas/forms 中登记的表单名',
    },
  ],
  [
    'adding works without a work form',
    {
      'demo.json': valid({ ...forms({ workBase: undefined }), works: { add: true, manage: false, max: 1 } }),
    },
    {
      file: 'competitions/demo.json',
      path: 'forms.workBase',
      message: '允许提交作品（works.add 为 true）时必须写作品表单 forms.workBase',
    },
  ],
  [
    'a manage page without a work form',
    {
      'demo.json': valid({ ...forms({ workBase: undefined }), works: { add: false, manage: true, max: 1 } }),
    },
    {
      file: 'competitions/demo.json',
      path: 'forms.workBase',
      message: '有“管理作品”页（works.manage 为 true）时必须写作品表单 forms.workBase',
    },
  ],
  [
    'payment without a fee',
    { 'demo.json': valid({ pay: { source: 'authPrice', required: true } }) },
    {
      file: 'competitions/demo.json',
      path: 'pay',
      message: '收费赛事必须写报名费 fee（单位：分，300 元写 30000）；免费赛事请删去整个 pay',
    },
  ],
  [
    'site-wide fees that differ (named once, against the first file)',
    {
      'a.json': valid({ pay: { fee: 20000, source: 'config', required: true } }),
      'b.json': valid({ competitionId: 102, pay: { fee: 30000, source: 'config', required: true } }),
      'c.json': valid({ competitionId: 103, pay: { fee: 20000, source: 'config', required: false } }),
    },
    {
      file: 'competitions/b.json',
      path: 'pay.fee',
      message:
        '全站统一报名费（source 为 config）只能有一个金额：competitions/a.json 写的是 20000 分，这里是 30000 分',
    },
  ],
  [
    'duplicate entrant types',
    {
      'demo.json': valid({
        entrantTypes: [
          { value: 'personal', label: '个人' },
          { value: 'personal', label: '个人参赛' },
        ],
      }),
    },
    {
      file: 'competitions/demo.json',
      path: 'entrantTypes[1].value',
      message: '值“personal”重复，每个选项的值必须不同',
    },
  ],
  [
    'duplicate company types',
    {
      'demo.json': valid({
        companyTypes: [
          { value: 'university', label: '高校' },
          { value: 'university', label: '大学' },
        ],
      }),
    },
    {
      file: 'competitions/demo.json',
      path: 'companyTypes[1].value',
      message: '值“university”重复，每个选项的值必须不同',
    },
  ],
  [
    'duplicate default ranges (reported once)',
    {
      'demo.json': valid({
        ranges: {
          default: [
            { value: 'product', label: '产品设计' },
            { value: 'product', label: '产品' },
          ],
        },
      }),
    },
    {
      file: 'competitions/demo.json',
      path: 'ranges.default[1].value',
      message: '值“product”重复，每个选项的值必须不同',
    },
  ],
  [
    'a propositional range repeating a default one',
    {
      'demo.json': valid({
        ranges: {
          default: [{ value: 'product', label: '产品设计' }],
          propositional: [{ value: 'product', label: '命题' }],
        },
      }),
    },
    {
      file: 'competitions/demo.json',
      path: 'ranges.propositional[0].value',
      message: '值“product”重复，每个选项的值必须不同',
    },
  ],
  [
    'a missing cover image',
    {
      'demo.json': valid({
        cover: { src: '/competitions/demo/missing.webp', alt: '封面', width: 1, height: 1 },
      }),
    },
    {
      file: 'competitions/demo.json',
      path: 'cover.src',
      message: '文件不存在：public/competitions/demo/missing.webp',
    },
  ],
  [
    'a missing include',
    { 'demo.json': valid(index([{ include: 'competition/nothing' }])) },
    {
      file: 'competitions/demo.json',
      path: 'pages.index.sections[0].include',
      message: '找不到共享区块 landing-pages/_shared/competition/nothing.json',
    },
  ],
  [
    'a misspelt include, with the name meant',
    { 'demo.json': valid(index([{ include: 'competition/rule' }])) },
    {
      file: 'competitions/demo.json',
      path: 'pages.index.sections[0].include',
      message:
        '找不到共享区块 landing-pages/_shared/competition/rule.json（是不是想写“competition/rules”？）',
    },
  ],
  [
    'an unknown section type, with a suggestion',
    { 'demo.json': valid(index([{ type: 'heor', props: { title: '标题' } }])) },
    {
      file: 'competitions/demo.json',
      path: 'pages.index.sections[0].type',
      message: expect.stringContaining('未知的区块类型“heor”（是不是想写“hero”？）') as unknown as string,
    },
  ],
  [
    'a duplicate section id',
    {
      'demo.json': valid(
        index([
          { type: 'hero', id: 'top', props: { title: '一' } },
          { type: 'hero', id: 'top', props: { title: '二' } },
        ]),
      ),
    },
    {
      file: 'competitions/demo.json',
      path: 'pages.index.sections[1].id',
      message: '区块 id“top”与 pages.index.sections[0] 重复：同一页面内 id 不能重复',
    },
  ],
  [
    'a section id an include already brings',
    {
      'demo.json': valid(
        index([{ include: 'competition/rules' }, { type: 'hero', id: 'rules', props: { title: '一' } }]),
      ),
    },
    {
      file: 'competitions/demo.json',
      path: 'pages.index.sections[1].id',
      message: '区块 id“rules”与 pages.index.sections[0]→competition/rules[0] 重复：同一页面内 id 不能重复',
    },
  ],
  [
    'a WebP share image',
    {
      'demo.json': valid({
        shareImage: { src: '/competitions/demo/cover.webp', alt: '封面', width: 1200, height: 630 },
      }),
    },
    {
      file: 'competitions/demo.json',
      path: 'shareImage.src',
      message: '分享图必须是 JPEG 或 PNG（微信、微博不识别 WebP）；不写则使用自动绘制的分享卡片',
    },
  ],
  [
    'a misspelt field, with the field meant',
    { 'demo.json': valid({ shortTitel: '测试' }) },
    {
      file: 'competitions/demo.json',
      path: '(文件)',
      message: '不认识的字段“shortTitel”（是不是想写“shortTitle”？）',
    },
  ],
  [
    'a misspelt nested field, with the field meant',
    { 'demo.json': valid({ organizers: { hosts: ['测试设计协会'] } }) },
    {
      file: 'competitions/demo.json',
      path: 'organizers',
      message: '不认识的字段“hosts”（是不是想写“host”？）',
    },
  ],
  [
    'a button to a step the competition does not have (a typo)',
    { 'demo.json': valid(index([hero('/demo/base/infomaton')])) },
    {
      file: 'competitions/demo.json',
      path: 'pages.index.sections[0].props.actions[0].href',
      message:
        '链接“/demo/base/infomaton”指向的页面不存在（是不是想写“/demo/base/infomation”？）。赛事 demo 的页面有：index、preview、base、base/infomation、base/works、base/works/base、base/works/info、base/works/display、base/works/add、base/works/manage、pay',
    },
  ],
  [
    'a link to the fee step of a free competition',
    {
      'demo.json': (() => {
        const { pay: _pay, ...free } = valid(index([hero('/demo/pay')]))
        return free
      })(),
    },
    {
      file: 'competitions/demo.json',
      path: 'pages.index.sections[0].props.actions[0].href',
      message:
        '链接“/demo/pay”指向的页面不存在（是不是想写“/demo/base”？）。赛事 demo 的页面有：index、preview、base、base/infomation、base/works、base/works/base、base/works/info、base/works/display、base/works/add、base/works/manage',
    },
  ],
  [
    'a link to a site page that does not exist, nested in a tab',
    {
      'demo.json': valid(
        index([
          {
            type: 'tabs',
            props: {
              tabs: [
                {
                  label: '一',
                  sections: [{ type: 'richText', props: { blocks: [{ kind: 'paragraph', text: '一' }] } }],
                },
                {
                  label: '二',
                  sections: [
                    {
                      type: 'cta',
                      props: {
                        title: '认证',
                        actions: [{ label: '去认证', href: '/certification/indx?from=demo' }],
                      },
                    },
                  ],
                },
              ],
            },
          },
        ]),
      ),
    },
    {
      file: 'competitions/demo.json',
      path: 'pages.index.sections[0].props.tabs[1].sections[0].props.actions[0].href',
      message:
        '链接“/certification/indx?from=demo”指向的页面不存在（是不是想写“/certification/index”？）：站内链接必须是网站已有的网址或 public/ 下的文件',
    },
  ],
  [
    'an unknown fact binding, with the name meant',
    {
      'demo.json': valid(
        index([
          { type: 'hero', props: { title: '测试', subtitle: '报名截止：{{phases.registrationClose}}' } },
        ]),
      ),
    },
    {
      file: 'competitions/demo.json',
      path: 'pages.index.sections[0].props.subtitle',
      message:
        '未知的赛事信息“{{phases.registrationClose}}”（是不是想写“phases.registrationCloses”？）；可用的名称见 competitions/README.md“页面里引用赛事信息”',
    },
  ],
]

/** A hero with one button to `href`. */
function hero(href: string) {
  return { type: 'hero', props: { title: '测试设计大赛', actions: [{ label: '立即报名', href }] } }
}

// Placeholder art, the one warning left for competitions, is check-all's rule for every kind:
// tests/unit/placeholder-art.test.ts.

describe('npm run check:definitions on competitions', () => {
  it('accepts a valid definition', () => {
    const { errors, competitions } = check(site({ 'demo.json': valid() }))
    expect(errors).toEqual([])
    expect(competitions.map((c) => c.slug)).toEqual(['demo'])
  })

  it('accepts links to its own steps, other competitions’ pages, landing pages, agreements, public files and /events/index', () => {
    const root = site({
      'demo.json': valid(
        index([
          hero('/demo/base/infomation'),
          hero('/demo/pay#fee'),
          hero('/old/index'),
          hero('/old/preview'),
          hero('/agreement/user'),
          hero('/events/index'),
          hero('/competitions/demo/cover.webp'),
          hero('/application/camp?from=demo'),
          hero('/quotation/detail/7'),
          hero('#rules'),
          hero('https://example.org/x'),
          // The fragment that brings the section id "rules" (#rules above).
          { include: 'competition/rules' },
        ]),
      ),
      'old.json': valid({ competitionId: 99, year: 2026, phases: phasesIn(2026) }),
    })
    fs.mkdirSync(path.join(root, 'content/agreements'), { recursive: true })
    fs.writeFileSync(path.join(root, 'content/agreements/user.json'), '{}')
    fs.mkdirSync(path.join(root, 'landing-pages'), { recursive: true })
    fs.writeFileSync(path.join(root, 'landing-pages/camp.json'), '{}')
    const { errors, warnings } = check(root)
    expect(errors).toEqual([])
    expect(warnings).toEqual([])
  })

  it('refuses an agreement that does not exist and a path that climbs out of public/', () => {
    const root = site({
      'demo.json': valid(index([hero('/agreement/nothing'), hero('/../competitions/demo.json')])),
    })
    const refused = '指向的页面不存在：站内链接必须是网站已有的网址或 public/ 下的文件'
    expect(check(root).errors.map((e) => [e.path, e.message])).toEqual([
      ['pages.index.sections[0].props.actions[0].href', `链接“/agreement/nothing”${refused}`],
      ['pages.index.sections[1].props.actions[0].href', `链接“/../competitions/demo.json”${refused}`],
    ])
  })

  it.each(cases)('reports %s', (_what, files, expected) => {
    const { errors, competitions } = check(site(files))
    expect(errors).toEqual([expected])
    expect(competitions.map((c) => c.slug)).not.toContain(
      expected.file.replace(/^competitions\/|\.json$/g, ''),
    )
  })
})

describe('the real competitions/ folder', () => {
  const { errors, competitions } = check(repo)
  const bySlug = new Map(competitions.map((c) => [c.slug, c]))

  it('passes the definition check', () => {
    expect(errors).toEqual([])
    expect(competitions).toHaveLength(7)
  })

  it('holds the seven competitions of the spec on their API families, fees and steps', () => {
    const summary = Object.fromEntries(
      competitions.map((c) => [c.slug, [c.competitionId, c.api, c.pay?.fee ?? null, c.pay?.source ?? null]]),
    )
    expect(summary).toEqual({
      competition: [101, 'default', 30000, 'authPrice'],
      '2024qingtaiCompetition': [102, 'qt', 15000, 'authPrice'],
      '2025qingtaiCompetition': [103, 'qt2025', 20000, 'config'],
      '4thCulturalOfficeCompetition': [104, 'default', null, null],
      '2025crrcgcCompetition': [105, 'default', null, null],
      zcckMakerCompetition: [106, 'zcck', null, null],
      '2025youngDesignerCompetition': [107, 'young2025', 20000, 'config'],
    })
    expect(routesOf(bySlug.get('competition')!)).toEqual(
      expect.arrayContaining(['base/works/add', 'base/works/manage', 'pay']),
    )
    expect(routesOf(bySlug.get('4thCulturalOfficeCompetition')!)).not.toContain('pay')
    expect(bySlug.get('2025qingtaiCompetition')!.forms.registration).toBe('competition-qt-registration')
  })

  it.each(['2026-11-23T12:00:00+08:00', '2027-11-23T12:00:00+08:00'])(
    'has demo competitions open, upcoming and closed on %s',
    (day) => {
      const stage = (slug: string): Stage => stageAt(bySlug.get(slug)!.phases, Date.parse(day))
      expect(stage('competition')).toBe('registering')
      expect(stage('4thCulturalOfficeCompetition')).toBe('registering')
      expect(stage('zcckMakerCompetition')).toBe('upcoming')
      for (const slug of ['2024qingtaiCompetition', '2025qingtaiCompetition', '2025crrcgcCompetition'])
        expect(stage(slug)).toBe('finished')
    },
  )

  it('writes its timeline dates and fee once, as bindings filled when the competition is served', () => {
    for (const c of competitions) {
      expect(JSON.stringify(c.pages.index), c.slug).toContain('{{phases.registrationCloses}}')
      const served = JSON.stringify(renderable(repo, c, Date.now()).pages)
      expect(served, c.slug).not.toContain('{{')
      expect(served, c.slug).toContain(formatBeijing(Date.parse(c.phases.registrationCloses)))
    }
  })

  it('links every index page to its registration step', () => {
    for (const c of competitions)
      expect(JSON.stringify(c.pages.index)).toContain(`"href":"/${c.slug}/base/infomation"`)
  })
})

describe('the shared 参赛流程 block (competition/how-to-enter)', () => {
  const steps = JSON.parse(
    fs.readFileSync(path.join(repo, 'landing-pages/_shared/competition/how-to-enter.json'), 'utf8'),
  ).sections[0].props.items as Array<{ title: string; text: string }>
  const titleOf = (form: keyof typeof FORMS, field: string) =>
    (FORMS[form].schema.properties as Record<string, { title: string }>)[field]!.title

  it('names the choices where the forms ask them: identity and company type at registration, the range per work', () => {
    const registration = steps.find((s) => s.title === '填写报名信息')!.text
    const works = steps.find((s) => s.title === '提交作品')!.text
    for (const field of ['entrantType', 'companyType'])
      expect(registration).toContain(titleOf('competition-registration', field))
    const range = titleOf('competition-work-base', 'range')
    expect(Object.keys(FORMS['competition-registration'].schema.properties)).not.toContain('range')
    expect(registration).not.toContain(range)
    expect(works).toContain(range)
  })
})

describe('npm run new:competition', () => {
  /** A copy of what the scaffold reads: the real definitions, fragments and template images. */
  function copyOfRepo(): string {
    const root = tempDir('new-competition')
    for (const dir of ['competitions', 'landing-pages/_shared', 'public/competitions'])
      fs.cpSync(path.join(repo, dir), path.join(root, dir), { recursive: true })
    return root
  }

  it('writes a definition that passes as written, with the next free id and its own images', () => {
    const root = copyOfRepo()
    const { definition } = scaffoldCompetition(root, '2028newCompetition', new Date('2027-05-01T00:00:00Z'))
    expect(definition.competitionId).toBe(108)
    expect(definition.phases.registrationOpens).toBe('2028-03-01T09:00:00+08:00')
    expect(fs.existsSync(path.join(root, 'public/competitions/2028newCompetition/cover.webp'))).toBe(true)
    const { errors, competitions } = check(root)
    expect(errors).toEqual([])
    expect(competitions.map((c) => c.slug)).toContain('2028newCompetition')
  })

  it('writes the dates and the fee once, as bindings filled from phases and pay, and warns of its placeholder images', () => {
    const root = copyOfRepo()
    scaffoldCompetition(root, '2028newCompetition', new Date('2027-05-01T00:00:00Z'))
    const { competitions } = check(root)
    const competition = competitions.find((c) => c.slug === '2028newCompetition')!
    const page = (c: typeof competition) => JSON.stringify(renderable(root, c, Date.now()).pages.index)
    const written = page(competition)
    expect(written).not.toContain('{{')
    expect(written).toContain('"value":"2028年3月1日 — 2028年6月30日"')
    expect(written).toContain('"time":"2028年6月30日 17:00","title":"报名截止"')
    expect(written).toContain('本届报名费：免费。')
    // Staff move the deadline and add a fee: the hero, the timeline and the FAQ all follow.
    const moved = page({
      ...competition,
      phases: { ...competition.phases, registrationCloses: '2028-07-15T17:00:00+08:00' },
      pay: { fee: 20000, source: 'authPrice', required: true },
    })
    expect(moved).not.toContain('6月30日')
    expect(moved).toContain('"value":"2028年3月1日 — 2028年7月15日"')
    expect(moved).toContain('"time":"2028年7月15日 17:00","title":"报名截止"')
    expect(moved).toContain('"value":"200 元"')
    expect(moved).toContain('本届报名费：200 元。')
    // The placeholder rule (definitions/core/placeholder-art.ts) is check-all's, for every kind.
    expect(
      checkAllDefinitions(root)
        .warnings.filter((w) => w.file === 'competitions/2028newCompetition.json')
        .map((w) => w.path),
    ).toEqual([
      'cover.src',
      'pages.index.sections[0].props.background.src',
      'pages.preview.sections[0].props.images[0].image.src',
      'pages.preview.sections[0].props.images[1].image.src',
    ])
  })

  it.each([
    ['competition', 'competitions/competition.json 已存在'],
    ['COMPETITION', '已有 competitions/competition.json，网址只差大小写'],
    ['mine', '“mine”是网站已有的网址'],
    ['competitions', '“competitions”是网站已有的网址'],
    ['bad_slug', '用法：npm run new:competition -- <slug>'],
    [undefined, '用法：npm run new:competition -- <slug>'],
  ])('refuses %s', (slug, message) => {
    const root = copyOfRepo()
    expect(() => scaffoldCompetition(root, slug)).toThrow(ScaffoldError)
    expect(() => scaffoldCompetition(root, slug)).toThrow(message)
    expect(fs.readdirSync(path.join(root, 'competitions')).sort()).toEqual(
      fs.readdirSync(path.join(repo, 'competitions')).sort(),
    )
  })
})
