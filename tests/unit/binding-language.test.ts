import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkAllDefinitions } from '../../definitions/check-all.ts'
import {
  bindFactsOf,
  bindingScope,
  factsOf,
  resolveCompetition,
} from '../../definitions/competition/facts.ts'
import type { Competition } from '../../definitions/competition/types.ts'
import { bindingProblems } from '../../definitions/core/bindings.ts'
import type { DefinitionError } from '../../definitions/core/json-file.ts'
import { CompetitionRegistry } from '../../server/services/competitions.ts'
import { COMPETITION_2027 } from '../support/competition-definition.ts'
import { definitionsRoot, fixture } from '../support/competitions.ts'
import { tempDir } from '../support/temp-dir.ts'

/**
 * Issue 34 item 4: `{{…}}` is one binding language in competitions, events and landing pages
 * (definitions/core/bindings.ts). Whatever a file binds is filled in every text — head included — or
 * the checker refuses it with the file, the JSON path and the nearest known name.
 */
const COMPETITION = {
  ...COMPETITION_2027,
  shortTitle: '测试赛',
  description: '报名费 {{pay.fee}}，{{phases.registrationCloses.date}} 截止报名。',
  pay: { fee: 30000, source: 'authPrice', required: true },
  pages: {
    index: {
      sections: [
        {
          type: 'hero',
          props: { title: '{{title}}', actions: [{ label: '立即报名', href: '{{links.register}}' }] },
        },
      ],
    },
    preview: { sections: [{ type: 'hero', props: { title: '{{shortTitle}}' } }] },
  },
}

const EVENT = {
  $schema: './event.schema.json',
  path: '/events/talk',
  title: '宣讲会',
  description: '大赛宣讲会，欢迎参加。',
  kind: '活动',
  cover: { src: '/competitions/demo/cover.webp', alt: '封面', width: 1200, height: 675 },
  startsAt: '2027-03-01T09:00:00+08:00',
  endsAt: '2027-03-02T17:00:00+08:00',
  sections: [{ type: 'hero', props: { title: '宣讲会' } }],
}

const PAGE = {
  $schema: './landing-page.schema.json',
  title: '大赛专题',
  description: '大赛专题页，介绍赛程与奖项。',
  sections: [{ type: 'hero', props: { title: '大赛专题' } }],
}

/** A temp repository with the competition `demo` and the given events and landing pages. */
function site(
  files: {
    events?: Record<string, object>
    pages?: Record<string, object>
    fragments?: Record<string, object>
  } = {},
): string {
  const root = tempDir('bindings')
  const write = (file: string, value: object) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), JSON.stringify(value, null, 2))
  }
  fs.mkdirSync(path.join(root, 'public/competitions/demo'), { recursive: true })
  fs.writeFileSync(path.join(root, 'public/competitions/demo/cover.webp'), 'webp')
  fs.mkdirSync(path.join(root, 'landing-pages/_shared'), { recursive: true })
  write('competitions/demo.json', COMPETITION)
  for (const [name, event] of Object.entries(files.events ?? {})) write(`events/${name}.json`, event)
  for (const [name, page] of Object.entries(files.pages ?? {})) write(`landing-pages/${name}.json`, page)
  for (const [name, fragment] of Object.entries(files.fragments ?? {}))
    write(`landing-pages/_shared/${name}.json`, fragment)
  return root
}

const errorsOf = (files: Parameters<typeof site>[0]) => checkAllDefinitions(site(files)).errors

const CASES: Array<[label: string, files: Parameters<typeof site>[0], error: DefinitionError]> = [
  [
    'an event that binds the fee without naming its competition',
    { events: { talk: { ...EVENT, description: '报名费 {{pay.fee}}，欢迎参加宣讲会。' } } },
    {
      file: 'events/talk.json',
      path: 'description',
      message:
        '“{{pay.fee}}”引用赛事信息，但本文件没有写 competition：在顶层加 "competition": "<赛事文件名>"，或直接写值',
    },
  ],
  [
    'an event naming its competition, with a misspelt name in a section',
    {
      events: {
        talk: {
          ...EVENT,
          competition: 'demo',
          sections: [{ type: 'hero', props: { title: '截止 {{phases.registrationClose}}' } }],
        },
      },
    },
    {
      file: 'events/talk.json',
      path: 'sections[0].props.title',
      message:
        '未知的赛事信息“{{phases.registrationClose}}”（是不是想写“phases.registrationCloses”？）；可用的名称见 competitions/README.md“页面里引用赛事信息”',
    },
  ],
  [
    'an event naming a competition that does not exist',
    { events: { talk: { ...EVENT, competition: 'dmeo' } } },
    {
      file: 'events/talk.json',
      path: 'competition',
      message: '没有赛事“dmeo”（是不是想写“demo”？）：写 competitions/ 下赛事的文件名（不带 .json）',
    },
  ],
  [
    'an event with neither its times nor a competition to take them from',
    { events: { talk: { ...EVENT, startsAt: undefined } } },
    {
      file: 'events/talk.json',
      path: 'startsAt',
      message: '请写开始时间（北京时间），或写 competition 取赛事的时间',
    },
  ],
  [
    'a landing page whose share description binds the fee without naming its competition',
    { pages: { promo: { ...PAGE, description: '报名费 {{pay.fee}}，快来报名参赛吧。' } } },
    {
      file: 'landing-pages/promo.json',
      path: 'description',
      message:
        '“{{pay.fee}}”引用赛事信息，但本文件没有写 competition：在顶层加 "competition": "<赛事文件名>"，或直接写值',
    },
  ],
  [
    'a landing page naming its competition, with a misspelt name in its title',
    { pages: { promo: { ...PAGE, competition: 'demo', title: '{{shortTitl}} 专题' } } },
    {
      file: 'landing-pages/promo.json',
      path: 'title',
      message:
        '未知的赛事信息“{{shortTitl}}”（是不是想写“shortTitle”？）；可用的名称见 competitions/README.md“页面里引用赛事信息”',
    },
  ],
  [
    'an event without a competition including a shared fragment that binds the fee',
    {
      fragments: { 'talks/fee': { sections: [{ type: 'hero', props: { title: '报名费 {{pay.fee}}' } }] } },
      events: { talk: { ...EVENT, sections: [{ include: 'talks/fee' }] } },
    },
    {
      file: 'events/talk.json',
      path: 'sections[0]→talks/fee[0].props.title',
      message:
        '“{{pay.fee}}”引用赛事信息，但本文件没有写 competition：在顶层加 "competition": "<赛事文件名>"，或直接写值',
    },
  ],
]

describe('the checker refuses a binding that would reach a page raw', () => {
  it.each(CASES)('%s', (_label, files, error) => {
    expect(errorsOf(files)).toEqual([error])
  })

  it('accepts the competition, an event and a landing page that bind its facts', () => {
    const files = {
      events: {
        talk: {
          ...EVENT,
          competition: 'demo',
          startsAt: undefined,
          endsAt: undefined,
          description: '报名费 {{pay.fee}}，{{phases.registrationCloses}} 截止。',
          sections: [
            {
              type: 'hero',
              props: { title: '{{title}}', actions: [{ label: '报名', href: '{{links.register}}' }] },
            },
          ],
        },
      },
      pages: { promo: { ...PAGE, competition: 'demo', description: '{{title}}：报名费 {{pay.fee}}。' } },
    }
    expect(errorsOf(files)).toEqual([])
  })

  it('refuses a binding in a competition’s description and in a field its facts are read from', () => {
    const definition = { ...COMPETITION, title: '第{{year}}届大赛', description: '报名费 {{pay.fees}}。' }
    expect(bindingProblems(definition, bindingScope(definition, true))).toEqual([
      ['title', '“{{year}}”写在了赛事信息的来源字段 title 里：这里请直接写值'],
      [
        'description',
        '未知的赛事信息“{{pay.fees}}”（是不是想写“pay.fee”？）；可用的名称见 competitions/README.md“页面里引用赛事信息”',
      ],
    ])
  })
})

describe('the resolver', () => {
  const competition = { ...COMPETITION, slug: 'demo' } as unknown as Competition
  const awarded = {
    ...competition,
    awards: { levels: [{ id: 'gold', title: '金奖', count: 4 }] },
  } as Competition

  it('fills a competition’s description, share image and pages, leaving no raw binding', () => {
    const resolved = resolveCompetition({
      ...competition,
      shareImage: { src: '/s.jpg', alt: '{{shortTitle}} 分享图', width: 1200, height: 630 },
    })
    expect(resolved.description).toBe('报名费 300 元，2027年6月30日 截止报名。')
    expect(resolved.shareImage?.alt).toBe('测试赛 分享图')
    expect(JSON.stringify(resolved.pages)).toContain('"href":"/demo/base/infomation"')
    expect(JSON.stringify(resolved)).not.toContain('{{')
  })

  it('binds award counts and titles from awards, and knows them by id', () => {
    expect(bindFactsOf(awarded, '{{awards.gold.title}} {{awards.gold.count}} 名')).toBe('金奖 4 名')
    expect(bindingProblems({ description: '{{awards.glod.count}}' }, bindingScope(awarded))).toEqual([
      [
        'description',
        '未知的赛事信息“{{awards.glod.count}}”（是不是想写“awards.gold.count”？）；可用的名称见 competitions/README.md“页面里引用赛事信息”',
      ],
    ])
  })

  it('fills a landing page’s head and sections with the facts of the competition it names', () => {
    const page = {
      ...PAGE,
      competition: 'demo',
      title: '{{shortTitle}} 专题',
      description: '报名费 {{pay.fee}}。',
    }
    const bound = bindFactsOf(competition, page)
    expect([bound.title, bound.description]).toEqual(['测试赛 专题', '报名费 300 元。'])
    expect(factsOf(competition)['phases.results']).toBe('2027年11月20日 10:00')
  })
})

describe('the competitions the server serves', () => {
  it('fill their description from the dates in force, the console’s once it moves them', () => {
    const root = definitionsRoot({
      'fee-default': fixture('fee-default', {
        description: '报名费 {{pay.fee}}，{{phases.registrationCloses}} 截止报名。',
      }),
    })
    const registry = new CompetitionRegistry(root)
    registry.load()
    expect(registry.bySlug('fee-default')!.description).toMatch(
      /^报名费 300 元，\d{4}年\d+月\d+日 \d\d:\d\d 截止报名。$/,
    )
    registry.setOverrides(
      new Map([[9001, new Map([['phases.registrationCloses', '2099-12-31T18:00:00+08:00']])]]),
    )
    expect(registry.bySlug('fee-default')!.description).toBe('报名费 300 元，2099年12月31日 18:00 截止报名。')
    expect(registry.fileById(9001)!.description).toContain('{{pay.fee}}')
  })
})
