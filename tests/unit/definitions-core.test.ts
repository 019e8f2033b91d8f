import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkAllDefinitions, loadDefinitions } from '../../definitions/check-all.ts'
import { lineColumn } from '../../definitions/core/json-file.ts'
import { checkLandingPages } from '../../definitions/landing/check.ts'
import type { SectionEntry } from '../../definitions/landing/types.ts'
import {
  expandIncludes,
  includeNames,
  listPathsIn,
  nestedLists,
  sectionListPaths,
  walkSections,
} from '../../definitions/landing/walk.ts'
import { checkDefinitionsPlugin } from '../../scripts/vite/check-definitions-plugin.ts'
import { tempDir } from '../support/temp-dir.ts'

const text = (body: string) => ({ type: 'richText', props: { blocks: [{ kind: 'paragraph', text: body }] } })

describe('the section walker reads nested lists from the schema', () => {
  it('finds the containers of today without naming them', () => {
    expect(sectionListPaths('twoColumn')).toEqual([['left'], ['right']])
    expect(sectionListPaths('tabs')).toEqual([['tabs', '*', 'sections']])
    expect(sectionListPaths('hero')).toEqual([])
  })

  it('finds the lists of a container it has never seen, at any depth', () => {
    const list = { type: 'array', items: { $ref: '#/$defs/section' } }
    const schema = {
      type: 'object',
      properties: {
        title: { type: 'string' },
        main: list,
        panels: {
          type: 'array',
          items: {
            type: 'object',
            properties: { body: list, aside: { type: 'object', properties: { more: list } } },
          },
        },
      },
    }
    expect(listPathsIn(schema, [], [])).toEqual([
      ['main'],
      ['panels', '*', 'body'],
      ['panels', '*', 'aside', 'more'],
    ])
  })

  it('visits every section with its JSON path, through tabs, columns and includes', () => {
    const sections = [
      {
        type: 'tabs',
        props: {
          tabs: [
            { label: 'a', sections: [text('1')] },
            { label: 'b', sections: [{ include: 'x' }] },
          ],
        },
      },
      {
        type: 'twoColumn',
        props: { left: [text('2')], right: [{ type: 'twoColumn', props: { left: [text('3')], right: [] } }] },
      },
    ]
    const seen: string[] = []
    walkSections(
      sections,
      'sections',
      ({ entry, path: at }) => seen.push(`${entry.type}@${at}`),
      (name) => (name === 'x' ? [text('4')] : undefined),
    )
    expect(seen).toEqual([
      'tabs@sections[0]',
      'richText@sections[0].props.tabs[0].sections[0]',
      'richText@sections[0].props.tabs[1].sections[0]→x[0]',
      'twoColumn@sections[1]',
      'richText@sections[1].props.left[0]',
      'twoColumn@sections[1].props.right[0]',
      'richText@sections[1].props.right[0].props.left[0]',
    ])
    expect(nestedLists('twoColumn', sections[1]!.props).map((n) => n.path)).toEqual(['.left', '.right'])
  })

  it('expands includes in nested lists, and refuses unknown or endlessly nested ones', () => {
    const fragments: Record<string, SectionEntry[]> = {
      a: [text('A'), { include: 'b' }],
      b: [text('B')],
      loop: [{ include: 'loop' }],
    }
    const page: SectionEntry[] = [{ type: 'twoColumn', props: { left: [{ include: 'a' }], right: [] } }]
    expect(includeNames(page)).toEqual(new Set(['a']))
    const expanded = expandIncludes(page, (name) => fragments[name])
    expect((expanded[0] as unknown as { props: { left: unknown[] } }).props.left).toEqual([
      { ...text('A'), props: text('A').props },
      { ...text('B'), props: text('B').props },
    ])
    expect(() => expandIncludes([{ include: 'nope' }], (name) => fragments[name])).toThrow(/nope/)
    expect(() => expandIncludes([{ include: 'loop' }], (name) => fragments[name])).toThrow(/loop/)
  })
})

function siteWith(files: Record<string, string>): string {
  const root = tempDir('defs')
  for (const [file, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), body)
  }
  fs.mkdirSync(path.join(root, 'landing-pages/_shared'), { recursive: true })
  return root
}
const page = (sections: unknown[]) =>
  JSON.stringify(
    {
      $schema: './landing-page.schema.json',
      title: '设计营',
      description: '一个用于测试的专题页面简介。',
      sections,
    },
    null,
    2,
  )

describe('the checker', () => {
  it('names the line and column of a JSON syntax error', () => {
    const root = siteWith({ 'landing-pages/camp.json': '{\n  "title": "设计营",\n  oops\n}\n' })
    expect(checkLandingPages(root).errors).toEqual([
      {
        file: 'landing-pages/camp.json',
        path: '(第 3 行第 3 列)',
        message: expect.stringContaining('不是有效的 JSON'),
      },
    ])
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 })
  })

  it('refuses two sections with one id on a page, counting included ones', () => {
    const root = siteWith({
      'landing-pages/camp.json': page([{ ...text('1'), id: 'intro' }, { include: 'more' }]),
      'landing-pages/_shared/more.json': JSON.stringify({ sections: [{ ...text('2'), id: 'intro' }] }),
    })
    expect(checkLandingPages(root).errors).toEqual([
      {
        file: 'landing-pages/camp.json',
        path: 'sections[1]→more[0].id',
        message: '区块 id“intro”与 sections[0] 重复：同一页面内 id 不能重复',
      },
    ])
  })

  it('checks sections nested in a container, as deep as they go', () => {
    const root = siteWith({
      'landing-pages/camp.json': page([
        {
          type: 'tabs',
          props: {
            tabs: [
              {
                label: 'a',
                sections: [{ type: 'twoColumn', props: { left: [{ type: 'heor' }], right: [] } }],
              },
              { label: 'b', sections: [text('x')] },
            ],
          },
        },
      ]),
    })
    expect(checkLandingPages(root).errors.map((e) => e.path)).toEqual([
      'sections[0].props.tabs[0].sections[0].props.left[0].type',
    ])
  })
})

describe('links in landing pages and fragments', () => {
  const cta = (href: string) => ({ type: 'cta', props: { title: '报名', actions: [{ label: '去', href }] } })

  it('must lead to a known page: another landing page, a site page, /events/index; each broken one named once', () => {
    const root = siteWith({
      'landing-pages/camp.json': page([
        cta('/application/other#signup'),
        cta('/events/index'),
        cta('/designer/index?page=2'),
        {
          type: 'tabs',
          props: {
            tabs: [
              { label: 'a', sections: [cta('/aplication/other')] },
              { label: 'b', sections: [text('b')] },
            ],
          },
        },
      ]),
      'landing-pages/other.json': page([text('ok')]),
      'landing-pages/_shared/bits/footer.json': JSON.stringify({ sections: [cta('/news/indx')] }),
    })
    const { errors, warnings } = checkAllDefinitions(root)
    expect(warnings).toEqual([])
    expect(errors).toEqual([
      {
        file: 'landing-pages/camp.json',
        path: 'sections[3].props.tabs[0].sections[0].props.actions[0].href',
        message:
          '链接“/aplication/other”指向的页面不存在（是不是想写“/application/other”？）：站内链接必须是网站已有的网址或 public/ 下的文件',
      },
      {
        file: 'landing-pages/_shared/bits/footer.json',
        path: 'sections[0].props.actions[0].href',
        message:
          '链接“/news/indx”指向的页面不存在（是不是想写“/news/index”？）：站内链接必须是网站已有的网址或 public/ 下的文件',
      },
    ])
  })

  it('a misspelt top-level field or section field gets the name meant', () => {
    const written = { ...JSON.parse(page([{ ...text('a'), prop: {} }])), titel: 'x' }
    const root = siteWith({ 'landing-pages/camp.json': JSON.stringify(written) })
    expect(checkAllDefinitions(root).errors.map((e) => [e.path, e.message])).toEqual([
      ['titel', '不认识的字段“titel”（是不是想写“title”？）'],
      ['sections[0].prop', '不认识的字段“prop”（是不是想写“props”？）（区块只有 type、props、id）'],
    ])
  })
})

describe('the build and the server refuse invalid definitions', () => {
  const broken = () => siteWith({ 'landing-pages/camp.json': page([{ type: 'heor', props: {} }]) })

  it('loadDefinitions throws with every message (the server start)', () => {
    expect(() => loadDefinitions(broken())).toThrow(
      /landing-pages\/camp\.json {2}sections\[0\]\.type {2}未知的区块类型“heor”/,
    )
    expect(checkAllDefinitions(siteWith({ 'landing-pages/camp.json': page([text('ok')]) })).errors).toEqual(
      [],
    )
  })

  it('the build plugin stops the browser build with the checker’s messages', () => {
    const plugin = checkDefinitionsPlugin(broken(), (message: string) => {
      throw new Error(message)
    })
    const context = { environment: { config: { build: { ssr: false } } } }
    expect(() => (plugin.buildStart as (this: unknown) => void).call(context)).toThrow(
      /1 个定义文件问题[\s\S]*landing-pages\/camp\.json {2}sections\[0\]\.type/,
    )
  })
})
