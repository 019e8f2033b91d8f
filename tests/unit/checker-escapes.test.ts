import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkAllDefinitions, InvalidDefinitionsError } from '../../definitions/check-all.ts'
import type { DefinitionError } from '../../definitions/core/json-file.ts'
import { checkDefinitionsPlugin } from '../../scripts/vite/check-definitions-plugin.ts'
import { startRefusalText } from '../../server/lib/start-refusal.ts'
import { COMPETITION_2027 } from '../support/competition-definition.ts'
import { tempDir } from '../support/temp-dir.ts'

/**
 * Issue 34 item 5, "the checker's escapes closed": each case a temp repository holding one valid
 * competition, event and landing page, with one thing changed, checked as `npm run check:definitions`
 * checks it (every kind together), asserted as the one error with its file, JSON path and words.
 */
type Json = Record<string, unknown>
type Files = Record<string, Json | string>

const hero = (title: string, ...hrefs: string[]) => ({
  type: 'hero',
  id: 'top',
  props: { title, actions: hrefs.map((href, i) => ({ label: `按钮${i}`, href })) },
})
const faq = { type: 'faq', id: 'faq', props: { items: [{ q: '问', a: '答' }] } }

/** A valid competition at competitions/<slug>.json: its index links to its own registration. */
function competition(changes: Json = {}, slug = 'demo'): Json {
  return {
    ...COMPETITION_2027,
    pay: { fee: 30000, source: 'authPrice', required: true },
    pages: {
      index: { sections: [hero('测试设计大赛', `/${slug}/base/infomation`, '#faq'), faq] },
      preview: { sections: [hero('作品')] },
    },
    ...changes,
  }
}

function event(changes: Json = {}): Json {
  return {
    $schema: './event.schema.json',
    path: '/events/demo',
    title: '测试活动',
    description: '一个只用于测试的活动定义。',
    kind: '活动',
    cover: { src: '/competitions/demo/cover.webp', alt: '封面', width: 1600, height: 700 },
    startsAt: '2027-03-01T09:00:00+08:00',
    endsAt: '2027-03-02T17:00:00+08:00',
    sections: [hero('测试活动', '/demo/index', '/events/index', '#faq'), faq],
    ...changes,
  }
}

function landing(sections: unknown[] = [hero('测试专题', '/application/camp', '#faq'), faq]): Json {
  return {
    $schema: './landing-page.schema.json',
    title: '测试专题',
    description: '一个只用于测试的专题页。',
    sections,
  }
}

const BASE: Files = {
  'competitions/demo.json': competition(),
  'events/demo.json': event(),
  'landing-pages/camp.json': landing(),
}

function site(changes: Files = {}): string {
  const root = tempDir('escapes')
  fs.mkdirSync(path.join(root, 'public/competitions/demo'), { recursive: true })
  fs.writeFileSync(path.join(root, 'public/competitions/demo/cover.webp'), 'webp')
  fs.mkdirSync(path.join(root, 'landing-pages/_shared'), { recursive: true })
  for (const [file, content] of Object.entries({ ...BASE, ...changes })) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(
      path.join(root, file),
      typeof content === 'string' ? content : JSON.stringify(content, null, 2),
    )
  }
  return root
}

const check = (root: string) => checkAllDefinitions(root)

const notFound = '：站内链接必须是网站已有的网址或 public/ 下的文件'

const CASES: Array<[label: string, changes: Files, error: DefinitionError]> = [
  // Every internal link in events/ is checked.
  [
    'an event linking to a competition that does not exist',
    { 'events/demo.json': event({ sections: [hero('测试活动', '/2026noSuchCompetition/index')] }) },
    {
      file: 'events/demo.json',
      path: 'sections[0].props.actions[0].href',
      message: `链接“/2026noSuchCompetition/index”指向的页面不存在${notFound}`,
    },
  ],
  [
    'an event linking to a step a competition does not have (/competition/base/foo)',
    {
      'competitions/competition.json': competition({ competitionId: 102 }, 'competition'),
      'events/demo.json': event({ sections: [hero('测试活动', '/competition/base/foo')] }),
    },
    {
      file: 'events/demo.json',
      path: 'sections[0].props.actions[0].href',
      message:
        '链接“/competition/base/foo”指向的页面不存在（是不是想写“/competition/base”？）。赛事 competition 的页面有：index、preview、base、base/infomation、base/works、base/works/base、base/works/info、base/works/display、base/works/add、base/works/manage、pay',
    },
  ],
  [
    'an event linking to a misspelt landing page path (/aplication/…)',
    { 'events/demo.json': event({ sections: [hero('测试活动', '/aplication/camp')] }) },
    {
      file: 'events/demo.json',
      path: 'sections[0].props.actions[0].href',
      message: `链接“/aplication/camp”指向的页面不存在（是不是想写“/application/camp”？）${notFound}`,
    },
  ],
  [
    'an event linking to /no/such/page',
    { 'events/demo.json': event({ sections: [hero('测试活动', '/no/such/page')] }) },
    {
      file: 'events/demo.json',
      path: 'sections[0].props.actions[0].href',
      message: `链接“/no/such/page”指向的页面不存在${notFound}`,
    },
  ],
  // #anchor links against the page's section ids, in all three kinds.
  [
    'a competition page’s #anchor to a section id it does not have',
    {
      'competitions/demo.json': competition({
        pages: { ...(competition().pages as Json), index: { sections: [hero('测试设计大赛', '#fqa'), faq] } },
      }),
    },
    {
      file: 'competitions/demo.json',
      path: 'pages.index.sections[0].props.actions[0].href',
      message: '链接“#fqa”跳到本页不存在的区块 id“fqa”（是不是想写“faq”？）：本页的区块 id 有：top、faq',
    },
  ],
  [
    'an event’s #anchor to a section id it does not have',
    { 'events/demo.json': event({ sections: [hero('测试活动', '#signup'), faq] }) },
    {
      file: 'events/demo.json',
      path: 'sections[0].props.actions[0].href',
      message: '链接“#signup”跳到本页不存在的区块 id“signup”：本页的区块 id 有：top、faq',
    },
  ],
  [
    'a landing page’s #anchor on a page without section ids',
    {
      'landing-pages/camp.json': landing([
        { type: 'hero', props: { title: '测试专题', actions: [{ label: '报名', href: '#signup' }] } },
      ]),
    },
    {
      file: 'landing-pages/camp.json',
      path: 'sections[0].props.actions[0].href',
      message: '链接“#signup”跳到本页不存在的区块 id“signup”：请给要跳到的区块写上 "id": "signup"',
    },
  ],
  // A copied file whose 立即报名 registers people for last year is refused.
  [
    'a competition linking into another competition’s registration (last year’s file copied)',
    {
      'competitions/old.json': competition({ competitionId: 99, year: 2026, ...phasesOf(2026) }, 'old'),
      'competitions/demo.json': competition({
        pages: {
          ...(competition().pages as Json),
          index: { sections: [hero('测试设计大赛', '/old/base/infomation'), faq] },
        },
      }),
    },
    {
      file: 'competitions/demo.json',
      path: 'pages.index.sections[0].props.actions[0].href',
      message:
        '链接“/old/base/infomation”进入另一个赛事 old 的报名或作品页面：复制往届文件后忘了改链接？本赛事的页面是 /demo/…',
    },
  ],
  // Plausible bounds.
  [
    'a fee in yuan written where fen are meant (300)',
    { 'competitions/demo.json': competition({ pay: { fee: 300, source: 'authPrice', required: true } }) },
    {
      file: 'competitions/demo.json',
      path: 'pay.fee',
      message:
        '报名费只有 300 分（3.00 元）：金额单位是“分”，如果想收 300 元，请写 30000；报名费应在 10 元至 5000 元之间',
    },
  ],
  [
    'a fee with a 0 too many (30000 元)',
    {
      'competitions/demo.json': competition({ pay: { fee: 3_000_000, source: 'authPrice', required: true } }),
    },
    {
      file: 'competitions/demo.json',
      path: 'pay.fee',
      message:
        '报名费 3000000 分即 30000.00 元，超出常理：金额单位是“分”（300 元写 30000），多写了 0？报名费应在 10 元至 5000 元之间',
    },
  ],
  [
    'an award count of 1000 in a range',
    {
      'competitions/demo.json': competition({
        judging: {
          rounds: [
            {
              id: 'final',
              title: '终评',
              opens: '2027-09-01T09:00:00+08:00',
              closes: '2027-10-01T17:00:00+08:00',
              mode: 'score',
              criteria: [{ id: 'design', title: '设计', max: 10, weight: 1 }],
              result: 'mean',
              entries: 'allSubmitted',
              judgesPerEntry: 3,
            },
          ],
        },
        awards: { levels: [{ id: 'gold', title: '金奖', count: 1000 }] },
      }),
    },
    {
      file: 'competitions/demo.json',
      path: 'awards.levels[0].count',
      message: '每个参赛类别的获奖数量至多 100，这里是 1000（多写了 0？）',
    },
  ],
  [
    'a 2.7 MB file (a page as large)',
    { 'landing-pages/camp.json': JSON.stringify(landing(), null, 2) + ' '.repeat(2.7 * 1024 * 1024) },
    {
      file: 'landing-pages/camp.json',
      path: '(文件)',
      message:
        '文件有 2.7 MB，超过 256 KB 的上限：页面至少和文件一样大，手机上打开会很慢。图片请放在 public/ 下用 src 引用（不要把图片内容粘进文件），内容太多请拆成几个页面',
    },
  ],
  // Dates.
  [
    'a year that disagrees with the dates (copied, year changed, dates not)',
    { 'competitions/demo.json': competition({ year: 2028 }) },
    {
      file: 'competitions/demo.json',
      path: 'year',
      message:
        '届次年份 2028 与赛程不符：报名开始在 2027 年，结果公布在 2027 年（复制往届文件后只改了年份或只改了日期？）',
    },
  ],
  [
    'a round ending 17 months before registration closes',
    {
      'competitions/demo.json': competition({
        phases: {
          registrationOpens: '2026-01-01T09:00:00+08:00',
          registrationCloses: '2027-06-30T17:00:00+08:00',
          submissionDeadline: '2027-08-31T17:00:00+08:00',
          results: '2027-11-20T10:00:00+08:00',
        },
        judging: {
          rounds: [
            {
              id: 'first',
              title: '初评',
              opens: '2026-01-02T09:00:00+08:00',
              closes: '2026-01-31T17:00:00+08:00',
              mode: 'qualifying',
              consensus: 'majority',
              entries: 'allSubmitted',
              judgesPerEntry: 3,
            },
          ],
        },
      }),
    },
    {
      file: 'competitions/demo.json',
      path: 'judging.rounds[0].closes',
      message:
        '本轮结束（2026-01-31T17:00:00+08:00）比报名截止（2027-06-30T17:00:00+08:00）早 17 个月：评审不能在报名截止一个多月前就结束（年份或月份写错了？）',
    },
  ],
  [
    'an event time without a timezone (one line, no spurious order error)',
    { 'events/demo.json': event({ startsAt: '2027-03-01T09:00:00' }) },
    { file: 'events/demo.json', path: 'startsAt', message: '应为北京时间，写成 2026-12-20T09:00:00+08:00' },
  ],
  // BOM.
  [
    'a file saved with a BOM',
    { 'events/demo.json': `\uFEFF${JSON.stringify(event(), null, 2)}` },
    {
      file: 'events/demo.json',
      path: '(文件)',
      message:
        '文件开头有 BOM（字节顺序标记，记事本等编辑器保存时加上的不可见字符）：请在编辑器中另存为“UTF-8”（不带 BOM）',
    },
  ],
  // A wrong step name suggests the nearest one.
  [
    'a link to a step without its base/ (infomation)',
    {
      'competitions/demo.json': competition({
        pages: {
          ...(competition().pages as Json),
          index: { sections: [hero('测试设计大赛', '/demo/infomation'), faq] },
        },
      }),
    },
    {
      file: 'competitions/demo.json',
      path: 'pages.index.sections[0].props.actions[0].href',
      message:
        '链接“/demo/infomation”指向的页面不存在（是不是想写“/demo/base/infomation”？）。赛事 demo 的页面有：index、preview、base、base/infomation、base/works、base/works/base、base/works/info、base/works/display、base/works/add、base/works/manage、pay',
    },
  ],
]

function phasesOf(year: number): Json {
  return {
    phases: {
      registrationOpens: `${year}-03-01T09:00:00+08:00`,
      registrationCloses: `${year}-06-30T17:00:00+08:00`,
      submissionDeadline: `${year}-08-31T17:00:00+08:00`,
      results: `${year}-11-20T10:00:00+08:00`,
    },
  }
}

/** A temp repository whose base files are in git (the live ones), then `added` written, not committed. */
function gitSite(added: Files): string {
  const root = site()
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
      cwd: root,
      stdio: 'ignore',
    })
  git('init', '-q')
  git('add', '.')
  git('commit', '-q', '-m', 'live')
  for (const [file, content] of Object.entries(added))
    fs.writeFileSync(path.join(root, file), JSON.stringify(content, null, 2))
  return root
}

describe('the checker’s escapes closed (issue 34 item 5)', () => {
  it('accepts the base site: links, anchors, bounds and dates all fine', () => {
    expect(check(site()).errors).toEqual([])
  })

  it.each(CASES)('refuses %s', (_label, changes, error) => {
    expect(check(site(changes)).errors).toEqual([error])
  })

  it('blames a duplicate competitionId on the file not yet in git, even when it names an earlier year', () => {
    const root = gitSite({
      'competitions/a-new.json': competition({
        year: 2026,
        ...phasesOf(2026),
        pages: {
          index: { sections: [hero('新赛事', '/a-new/base/infomation')] },
          preview: { sections: [hero('作品')] },
        },
      }),
    })
    expect(check(root).errors).toEqual([
      {
        file: 'competitions/a-new.json',
        path: 'competitionId',
        message:
          '赛事编号 101 已被 competitions/demo.json 使用，每个赛事的编号必须不同：请给本文件换一个新编号（不要改已上线赛事的编号）。本文件尚未提交到 git，视为新加的文件',
      },
    ])
  })

  it('blames a duplicate event path on the file not yet in git, even when its name sorts first', () => {
    const root = gitSite({ 'events/a-new.json': event() })
    expect(check(root).errors).toEqual([
      {
        file: 'events/a-new.json',
        path: 'path',
        message:
          '网址 /events/demo 已被 events/demo.json 使用：每个活动的网址不能重复。本文件尚未提交到 git，视为新加的文件',
      },
    ])
  })

  it('the build prints the checker’s lines without a stack trace', () => {
    const root = site({ 'events/demo.json': event({ sections: [hero('测试活动', '/no/such/page')] }) })
    let printed = ''
    const plugin = checkDefinitionsPlugin(root, (text) => {
      printed = text
      throw new Error('stopped')
    })
    const context = { environment: { config: { build: { ssr: false } } } }
    expect(() => (plugin.buildStart as (this: unknown) => void).call(context)).toThrow('stopped')
    expect(printed.split('\n')).toEqual([
      '1 个定义文件问题（npm run check:definitions 可再次检查）：',
      `events/demo.json  sections[0].props.actions[0].href  链接“/no/such/page”指向的页面不存在${notFound}`,
    ])
  })

  it('the start prints the checker’s lines without a stack trace', () => {
    const error = new InvalidDefinitionsError(
      check(site({ 'events/demo.json': event({ endsAt: '2027-02-01T09:00:00+08:00' }) })).errors,
    )
    expect(startRefusalText(error).split('\n')).toEqual([
      'Not starting: 1 个定义文件问题，请修改后再启动（npm run check:definitions 可再次检查）：',
      'events/demo.json  endsAt  结束时间早于开始时间',
    ])
    // A defect keeps its stack.
    expect(startRefusalText(new TypeError('x is undefined'))).toMatch(
      /^Not starting: TypeError: x is undefined\n {4}at /,
    )
  })
})
