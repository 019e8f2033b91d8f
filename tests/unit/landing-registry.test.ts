import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkLandingPages } from '../../definitions/landing/check.ts'
import { isSectionType, SECTIONS, section } from '../../src/engine/landing/registry.ts'
import { landingFiles, typesUsed } from '../support/landing-files.ts'
import { tempDir } from '../support/temp-dir.ts'

describe('section registry', () => {
  it('rejects a misspelt type at compile time', () => {
    // @ts-expect-error 'heor' is not a section type: this line stops compiling if the registry ever accepts it.
    const wrong = section('heor', {})
    expect(isSectionType(wrong.type)).toBe(false)
    expect(section('hero', { title: '标题' }).type).toBe('hero')
  })

  it('has one type per file of definitions/landing/sections, each with a schema, defaults and a lazy renderer', () => {
    // The map is generated from the folder (npm run generate; check:generated keeps it current), so
    // the folder is the list: a file there is a type, named after the file.
    const files = fs
      .readdirSync(path.resolve(import.meta.dirname, '../../definitions/landing/sections'))
      .map((file) => file.replace(/\.ts$/, '').replace(/-(\w)/g, (_, c: string) => c.toUpperCase()))
    expect(Object.keys(SECTIONS).sort()).toEqual(files.sort())
    expect(files.length).toBeGreaterThanOrEqual(16)
    for (const definition of Object.values(SECTIONS)) {
      expect(definition.schema.type).toBe('object')
      expect(typeof definition.load).toBe('function')
      expect(definition.label).toMatch(/\S/)
    }
  })
})

describe('npm run check:definitions on landing pages', () => {
  function siteWith(page: object): string {
    const root = tempDir('landing')
    fs.mkdirSync(path.join(root, 'landing-pages/_shared'), { recursive: true })
    fs.mkdirSync(path.join(root, 'public/landing'), { recursive: true })
    fs.writeFileSync(path.join(root, 'public/landing/hero.svg'), '<svg/>')
    fs.writeFileSync(path.join(root, 'landing-pages/camp.json'), JSON.stringify(page))
    return root
  }
  const base = {
    $schema: './landing-page.schema.json',
    title: '设计营',
    description: '一个用于测试的专题页面简介。',
  }

  it('names the file and the JSON path of a misspelt type, with a suggestion', () => {
    const { errors } = checkLandingPages(
      siteWith({ ...base, sections: [{ type: 'heor', props: { title: 'x' } }] }),
    )
    expect(errors).toEqual([
      {
        file: 'landing-pages/camp.json',
        path: 'sections[0].type',
        message: expect.stringContaining('未知的区块类型“heor”（是不是想写“hero”？）'),
      },
    ])
  })

  it('explains prop errors in words, down to nested sections, missing files and hot links', () => {
    const { errors } = checkLandingPages(
      siteWith({
        ...base,
        sections: [
          {
            type: 'hero',
            props: {
              title: '',
              background: { src: '/landing/missing.svg', alt: '图', width: 10, height: 10 },
            },
          },
          {
            type: 'twoColumn',
            props: {
              left: [
                {
                  type: 'gallery',
                  props: {
                    images: [
                      { image: { src: 'https://elsewhere.example/a.png', alt: 'a', width: 1, height: 1 } },
                    ],
                  },
                },
              ],
              right: [{ include: 'missing/fragment' }],
            },
          },
        ],
      }),
    )
    expect(errors.map((e) => `${e.path} ${e.message}`)).toEqual([
      'sections[0].props.title 不能为空',
      'sections[0].props.background.src 文件不存在：public/landing/missing.svg',
      'sections[1].props.left[0].props.images[0].image.src 必须是站内路径（以 / 开头），不能外链',
      'sections[1].props.right[0].include 找不到共享区块 landing-pages/_shared/missing/fragment.json',
    ])
  })

  it('accepts a valid page', () => {
    const { errors, pages } = checkLandingPages(
      siteWith({
        ...base,
        sections: [
          {
            type: 'hero',
            props: {
              title: '设计营',
              background: { src: '/landing/hero.svg', alt: '主视觉', width: 10, height: 10 },
            },
          },
        ],
      }),
    )
    expect({ errors, pages }).toEqual({ errors: [], pages: 1 })
  })
})

describe('the real landing-pages/ folder', () => {
  it('passes the definition check', () => {
    const { errors } = checkLandingPages(path.resolve(import.meta.dirname, '../..'))
    expect(errors).toEqual([])
  })

  it.each(landingFiles().map((p) => [p.slug, p] as const))(
    '%s uses at least four section types',
    (_, page) => {
      expect(typesUsed(page.sections).size).toBeGreaterThanOrEqual(4)
    },
  )

  it('uses every section type somewhere', () => {
    const all = new Set(landingFiles().flatMap((p) => [...typesUsed(p.sections)]))
    expect(all.size).toBe(Object.keys(SECTIONS).length)
  })
})
