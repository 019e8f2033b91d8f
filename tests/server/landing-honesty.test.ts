import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { REAL_LOOKING } from '../support/real-looking.ts'

/**
 * Campaign pages are demo content: every organiser, partner, venue and contact on them must read as
 * fictional. This scans every text in landing-pages/ (pages, shared fragments, art specs, the staff
 * README) and content/agreements/ for what would pass for a real registration, mailbox, phone line,
 * street address or institution — the same patterns tests/server/site-identity.test.ts applies to
 * the footer, plus the real names these pages once carried — names Storybook's demo data (the
 * stories and their mock API) must not carry either.
 */
const root = path.resolve(import.meta.dirname, '../..')

function filesUnder(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`
    if (entry.isDirectory()) return filesUnder(rel)
    return /\.(json|md)$/.test(entry.name) && !entry.name.endsWith('.schema.json') ? [rel] : []
  })
}

/** Every string in a JSON file (keys included: none should carry a name), or a Markdown file's lines. */
function texts(file: string): string[] {
  const raw = fs.readFileSync(path.join(root, file), 'utf8')
  if (file.endsWith('.md')) return raw.split('\n')
  const out: string[] = []
  const walk = (value: unknown): void => {
    if (typeof value === 'string') out.push(value)
    else if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object')
      for (const [key, child] of Object.entries(value)) {
        if (key !== '$schema') out.push(key)
        walk(child)
      }
  }
  walk(JSON.parse(raw))
  return out
}

const files = [
  ...filesUnder('landing-pages'),
  ...filesUnder('competitions'),
  ...filesUnder('content/agreements'),
]

/** Storybook's demo data (every src/**\/*.stories.tsx and the stories' mock API), read line by line. */
function storySources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`
    if (entry.isDirectory()) return storySources(rel)
    return entry.name.endsWith('.stories.tsx') || rel.startsWith('src/forms/stories/') ? [rel] : []
  })
}
const stories = storySources('src')

/** The site identity's patterns (tests/support/real-looking.ts) and what campaign pages add to them. */
const realLooking: [string, RegExp][] = [
  ...REAL_LOOKING,
  ['a link to an outside site', /https?:\/\/(?!localhost\b|(?:[\w-]+\.)*example\.(?:com|org|net)\b)/],
  ['a registered company’s full name', /有限公司|有限责任公司|股份公司/],
  ['a street number', /[路街道巷]\s*\d+\s*号/],
]

/** Real institutions, venues and streets these pages once named as organisers, partners or places. */
const realNames = [
  '中国工业设计协会',
  '苏州市工业设计协会',
  '苏州工业设计协会',
  '苏州咖簿网络科技',
  '星湖街',
  '苏州国际博览中心',
  '工业和信息化局',
  '金鸡湖美术馆',
  '金鸡湖国际会议中心',
  '苏州第二工人文化宫',
  '平江路',
  '干将东路',
  '苏州高铁新城',
  '苏州北站',
  '苏州工业园区创业服务中心',
  '苏州工业园区设计产业联盟',
  '管委会',
  '独墅湖',
  '苏州工业园区人民法院',
  'RAUL',
  'RAL',
  '劳尔',
  '中车',
  '阳光电源',
  '联影',
  '西南交通大学',
  '江南大学',
  '湖南大学',
  '同济大学',
  '苏州大学',
  '浙江大学',
  '东南大学',
  '上海交通大学',
  '北京理工大学',
  '北京交通大学',
  '大连理工大学',
  '华东理工大学',
  '东华大学',
  '中国美术学院',
  '广州美术学院',
  '南京艺术学院',
  '苏州工艺美术职业技术学院',
  '21_21 DESIGN SIGHT',
  '丰田',
  '西阵织会馆',
  '西岸设计创意园',
  '上海时装周',
]

describe('landing pages and agreements read as demo content', () => {
  it('scans the pages, shared fragments, art specs and agreements', () => {
    expect(files.filter((f) => f.startsWith('landing-pages/_shared/')).length).toBeGreaterThan(20)
    expect(files).toContain('landing-pages/_art/group2.json')
    expect(files).toContain('content/agreements/user.json')
  })

  it.each(realLooking)('no text looks like %s', (_what, pattern) => {
    const offending = files.flatMap((file) =>
      texts(file)
        .filter((text) => pattern.test(text))
        .map((text) => `${file}: ${text}`),
    )
    expect(offending).toEqual([])
  })

  it('names none of the real institutions, venues or streets the pages once carried', () => {
    const offending = files.flatMap((file) =>
      texts(file).flatMap((text) =>
        realNames.filter((name) => text.includes(name)).map((name) => `${file}: ${name} in “${text}”`),
      ),
    )
    expect(offending).toEqual([])
  })

  it('nor do the Storybook stories and their mock API', () => {
    expect(stories).toContain('src/engine/landing/sections/speakers/speakers.stories.tsx')
    expect(stories).toContain('src/forms/stories/mock-api.tsx')
    const offending = stories.flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line) =>
          realNames
            .filter((name) => line.includes(name))
            .map((name) => `${file}: ${name} in “${line.trim()}”`),
        ),
    )
    expect(offending).toEqual([])
  })

  it('the patterns do catch what the pages showed before', () => {
    const before = ['苏州工业园区星湖街 328 号创意产业园 12 幢', '苏州咖簿网络科技有限公司', 'cert@kabu.cn']
    for (const value of before) expect(realLooking.some(([, pattern]) => pattern.test(value))).toBe(true)
  })
})
