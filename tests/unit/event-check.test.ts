import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkAllDefinitions } from '../../definitions/check-all.ts'
import type { DefinitionError } from '../../definitions/core/json-file.ts'
import { checkEvents } from '../../definitions/events/check.ts'
import { tempDir } from '../support/temp-dir.ts'

/**
 * Every message of definitions/events/check.ts, each on a temp root holding only the files the case
 * needs, asserted as the one error with its file, JSON path and words; then the real events/ folder.
 */
const repo = path.resolve(import.meta.dirname, '../..')

function site(files: Record<string, object | string>): string {
  const root = tempDir('events')
  fs.mkdirSync(path.join(root, 'events'), { recursive: true })
  fs.mkdirSync(path.join(root, 'public/landing/demo'), { recursive: true })
  fs.writeFileSync(path.join(root, 'public/landing/demo/cover.webp'), 'webp')
  for (const [name, content] of Object.entries(files))
    fs.writeFileSync(
      path.join(root, 'events', name),
      typeof content === 'string' ? content : JSON.stringify(content, null, 2),
    )
  return root
}

const check = (root: string, competitions: string[] = ['2025qingtaiCompetition']) =>
  checkEvents(root, new Set(), competitions)

/** An event that passes; each case changes one thing. */
function valid(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    $schema: './event.schema.json',
    path: '/events/demo',
    title: '测试活动',
    description: '一个只用于测试的活动定义。',
    kind: '活动',
    cover: { src: '/landing/demo/cover.webp', alt: '封面', width: 1600, height: 700 },
    startsAt: '2027-03-01T09:00:00+08:00',
    endsAt: '2027-03-02T17:00:00+08:00',
    submit: {
      form: 'event-signup',
      opensAt: '2027-02-01T09:00:00+08:00',
      closesAt: '2027-02-28T18:00:00+08:00',
      title: '在线报名',
    },
    checkIn: true,
    sections: [{ type: 'hero', props: { title: '测试活动' } }],
    ...changes,
  }
}

const CASES: Array<[label: string, files: Record<string, object | string>, error: DefinitionError]> = [
  [
    'a misspelt field, with a did-you-mean',
    { 'demo.json': { ...valid(), tittle: '测试活动' } },
    { file: 'events/demo.json', path: 'tittle', message: '不认识的字段“tittle”（是不是想写“title”？）' },
  ],
  [
    'a misspelt field of the form',
    {
      'demo.json': valid({ submit: { ...(valid().submit as object), closeAt: '2027-02-28T18:00:00+08:00' } }),
    },
    {
      file: 'events/demo.json',
      path: 'submit.closeAt',
      message: '不认识的字段“closeAt”（是不是想写“closesAt”？）',
    },
  ],
  [
    'a form that is not a sign-up form',
    { 'demo.json': valid({ submit: { ...(valid().submit as object), form: 'event-signp' } }) },
    {
      file: 'events/demo.json',
      path: 'submit.form',
      message: '表单“event-signp”不能用于活动报名（是不是想写“event-signup”？）。可用：event-signup',
    },
  ],
  [
    'a time without the Beijing offset',
    { 'demo.json': valid({ startsAt: '2027-03-01T09:00:00Z' }) },
    { file: 'events/demo.json', path: 'startsAt', message: '应为北京时间，写成 2026-12-20T09:00:00+08:00' },
  ],
  [
    'an end before the start',
    { 'demo.json': valid({ endsAt: '2027-02-01T09:00:00+08:00' }) },
    { file: 'events/demo.json', path: 'endsAt', message: '结束时间早于开始时间' },
  ],
  [
    'a form that closes before it opens',
    {
      'demo.json': valid({
        submit: { ...(valid().submit as object), closesAt: '2027-01-01T09:00:00+08:00' },
      }),
    },
    { file: 'events/demo.json', path: 'submit.closesAt', message: '截止提交时间早于开始提交时间' },
  ],
  [
    'a path of the wrong shape',
    { 'demo.json': valid({ path: 'events/demo' }) },
    {
      file: 'events/demo.json',
      path: 'path',
      message: '网址应以 / 开头，只用字母、数字和 -，最多两段，如 /events/qingtai',
    },
  ],
  [
    'a path under a core page',
    { 'demo.json': valid({ path: '/news/demo' }) },
    {
      file: 'events/demo.json',
      path: 'path',
      message: '两段的网址只能是 /events/<名称> 或 /competition/<名称>',
    },
  ],
  [
    'the hub’s own path',
    { 'demo.json': valid({ path: '/events/index' }) },
    { file: 'events/demo.json', path: 'path', message: '/events/index 是赛事活动总览页，请换一个名称' },
  ],
  [
    'a step of the competition /competition',
    { 'demo.json': valid({ path: '/competition/preview' }) },
    {
      file: 'events/demo.json',
      path: 'path',
      message: '/competition/preview 是赛事 /competition 自己的页面，请换一个名称',
    },
  ],
  [
    'a core page’s segment',
    { 'demo.json': valid({ path: '/mine' }) },
    { file: 'events/demo.json', path: 'path', message: '网址 /mine 是网站自己的页面，请换一个名称' },
  ],
  [
    'a competition’s slug',
    { 'demo.json': valid({ path: '/2025qingtaiCompetition' }) },
    {
      file: 'events/demo.json',
      path: 'path',
      message: '网址 /2025qingtaiCompetition 已是一个赛事（competitions/2025qingtaiCompetition.json）',
    },
  ],
  [
    'two events on one path, neither in git: the later file by name is blamed',
    { 'a-first.json': valid(), 'b-second.json': valid() },
    {
      file: 'events/b-second.json',
      path: 'path',
      message:
        '网址 /events/demo 已被 events/a-first.json 使用：每个活动的网址不能重复。两个文件都未提交到 git，本文件的文件名排在后面，视为新加的文件',
    },
  ],
  [
    'a missing cover file',
    { 'demo.json': valid({ cover: { src: '/landing/demo/none.webp', alt: '封面', width: 1, height: 1 } }) },
    { file: 'events/demo.json', path: 'cover.src', message: '文件不存在：public/landing/demo/none.webp' },
  ],
  [
    'a landing sign-up section',
    {
      'demo.json': valid({
        sections: [
          { type: 'hero', props: { title: '测试活动' } },
          {
            type: 'signup',
            props: { title: '报名', form: 'event-signup', successTitle: '报名成功', successText: '谢谢' },
          },
        ],
      }),
    },
    {
      file: 'events/demo.json',
      path: 'sections[1].type',
      message: '活动页不用 signup 区块：在线报名请写在 submit 字段，报名页会自动生成',
    },
  ],
  [
    'an unknown section type (the landing checker’s words)',
    { 'demo.json': valid({ sections: [{ type: 'heroo', props: { title: 'x' } }] }) },
    {
      file: 'events/demo.json',
      path: 'sections[0].type',
      message: expect.stringMatching(/^未知的区块类型“heroo”（是不是想写“hero”？）。可用类型：/),
    },
  ],
  [
    'a file name that cannot be a slug',
    { 'demo event.json': valid() },
    {
      file: 'events/demo event.json',
      path: '(文件名)',
      message: '文件名即签到链接中的活动名：只能用字母、数字和 -',
    },
  ],
  [
    'a missing required field',
    { 'demo.json': (({ kind: _kind, ...rest }) => rest)(valid()) },
    { file: 'events/demo.json', path: '(文件)', message: '缺少必填项“kind”' },
  ],
  [
    'a wrong $schema',
    { 'demo.json': valid({ $schema: './landing-page.schema.json' }) },
    {
      file: 'events/demo.json',
      path: '$schema',
      message: '应为 "./event.schema.json"（编辑器据此提示字段）',
    },
  ],
]

describe('the event checker', () => {
  it('accepts a valid event', () => {
    const { events, errors } = check(site({ 'demo.json': valid() }))
    expect(errors).toEqual([])
    expect(events.map((e) => e.slug)).toEqual(['demo'])
  })

  it.each(CASES)('reports %s', (_label, files, error) => {
    const { errors, events } = check(site(files))
    expect(errors).toEqual([error])
    // A file with an error is not served.
    expect(events.map((e) => e.file)).not.toContain(error.file)
  })

  it('accepts the spec’s one-segment event pages, which competitions may not take', () => {
    const { errors } = check(
      site({ 'demo.json': valid({ path: '/worldIndustrialDesignCon', submit: undefined }) }),
    )
    expect(errors).toEqual([])
  })

  it('passes the real events/ folder, checked with every other definition', () => {
    const report = checkAllDefinitions(repo)
    expect(report.errors).toEqual([])
    expect(report.events.map((e) => e.definition.path).sort()).toEqual([
      '/competition/collegeStudentDesignCompetition',
      '/competition/suzhouNationalSciencePark',
      '/events/designSalon2025',
      '/events/qingtai',
      '/suzhou-platform',
      '/worldIndustrialDesignCon',
    ])
  })
})
