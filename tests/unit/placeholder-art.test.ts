import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkAllDefinitions } from '../../definitions/check-all.ts'
import { PLACEHOLDER_ART, PLACEHOLDER_FOLDERS } from '../../definitions/core/placeholder-art.ts'
import { scaffoldCompetition } from '../../scripts/new-competition.ts'
import { eventFixture, writeEvent } from '../support/events.ts'
import { tempDir } from '../support/temp-dir.ts'

/**
 * Issue 34 item 3: placeholder art never reaches a production page. One rule recognises the shipped
 * placeholders by their bytes, wherever a definition of any kind names them: check:definitions warns
 * of them, `check:definitions --production` (and a production start) refuses them.
 */
const repo = path.resolve(import.meta.dirname, '../..')
const TEMPLATE_COVER = path.join(repo, 'public/competitions/_template/cover.webp')
const TEMPLATE_HERO = path.join(repo, 'public/competitions/_template/hero.webp')
const DEMO_BANNER = path.join(repo, 'public/landing/demo/banner.webp')
const REAL_PICTURE = path.join(repo, 'public/competitions/competition/cover.webp')
const REAL_HERO = path.join(repo, 'public/competitions/competition/hero.webp')

/** An empty site with the fragments a new competition includes, the placeholders and the schema. */
function site(): string {
  const root = tempDir('placeholders')
  fs.cpSync(
    path.join(repo, 'landing-pages/_shared/competition'),
    path.join(root, 'landing-pages/_shared/competition'),
    { recursive: true },
  )
  fs.mkdirSync(path.join(root, 'competitions'), { recursive: true })
  fs.copyFileSync(
    path.join(repo, 'competitions/competition.schema.json'),
    path.join(root, 'competitions/competition.schema.json'),
  )
  for (const folder of PLACEHOLDER_FOLDERS)
    fs.cpSync(path.join(repo, folder), path.join(root, folder), { recursive: true })
  return root
}

/** Copies `from` to <root>/public<src>, as staff copy a picture into their folder. */
function picture(root: string, src: string, from: string): string {
  fs.mkdirSync(path.dirname(path.join(root, 'public', src)), { recursive: true })
  fs.copyFileSync(from, path.join(root, 'public', src))
  return src
}

const image = (src: string, width = 1600, height = 700) => ({ src, alt: '图片', width, height })

function landingPage(root: string, name: string, sections: unknown[]): void {
  fs.writeFileSync(
    path.join(root, 'landing-pages', `${name}.json`),
    JSON.stringify({
      $schema: './landing-page.schema.json',
      title: '设计营',
      description: '一个用于测试的专题页面简介。',
      sections,
    }),
  )
}

/** check-all's findings as `file  path` with the reason's start, development then production. */
function findings(root: string) {
  const dev = checkAllDefinitions(root)
  const prod = checkAllDefinitions(root, { production: true })
  return { dev, prod }
}

describe('placeholder art, by kind', () => {
  it('a competition npm run new:competition wrote: its cover and the _template hero are warned, refused in production', () => {
    const root = site()
    scaffoldCompetition(root, '2028newCompetition', new Date('2027-05-01T00:00:00Z'))
    const { dev, prod } = findings(root)
    expect(dev.errors).toEqual([])
    // Each use of the scaffold's two pictures: the cover, the index banner and the preview page's two.
    const uses: Array<[string, string]> = [
      ['cover.src', 'cover'],
      ['pages.index.sections[0].props.background.src', 'hero'],
      ['pages.preview.sections[0].props.images[0].image.src', 'cover'],
      ['pages.preview.sections[0].props.images[1].image.src', 'hero'],
    ]
    const expected = (production: boolean) =>
      uses.map(([at, name]) => ({
        file: 'competitions/2028newCompetition.json',
        path: at,
        message: `仍是占位图（public/competitions/2028newCompetition/${name}.webp 与 public/competitions/_template/${name}.webp 相同）：${
          production
            ? '占位图不能上线，请换成本届的真实图片'
            : '上线前请换成本届的真实图片，生产环境（NODE_ENV=production）会拒绝启动'
        }`,
      }))
    expect(dev.warnings).toEqual(expected(false))
    expect(prod.errors).toEqual(expected(true))
    expect(prod.warnings).toEqual([])
  })

  it('the _template hero named where it lies, in a competition page, is a placeholder too', () => {
    const root = site()
    const { file } = scaffoldCompetition(root, '2028newCompetition', new Date('2027-05-01T00:00:00Z'))
    picture(root, '/competitions/2028newCompetition/cover.webp', REAL_PICTURE)
    picture(root, '/competitions/2028newCompetition/hero.webp', REAL_HERO)
    const definition = JSON.parse(fs.readFileSync(file, 'utf8'))
    definition.pages.index.sections[0].props.background.src = '/competitions/_template/hero.webp'
    fs.writeFileSync(file, JSON.stringify(definition))
    const { prod } = findings(root)
    expect(prod.errors).toEqual([
      {
        file: 'competitions/2028newCompetition.json',
        path: 'pages.index.sections[0].props.background.src',
        message:
          '仍是占位图（public/competitions/_template/hero.webp 与 public/competitions/_template/hero.webp 相同）：占位图不能上线，请换成本届的真实图片',
      },
    ])
  })

  it('an event whose cover is the competition template cover under another name', () => {
    const root = site()
    const cover = picture(root, '/events/salon2027/封面.webp', TEMPLATE_COVER)
    writeEvent(root, 'salon2027', eventFixture({ path: '/events/salon2027', cover: image(cover, 1200, 675) }))
    const { dev, prod } = findings(root)
    expect(dev.errors).toEqual([])
    expect(dev.warnings.map((e) => [e.file, e.path])).toEqual([['events/salon2027.json', 'cover.src']])
    expect(prod.errors).toEqual([
      {
        file: 'events/salon2027.json',
        path: 'cover.src',
        message:
          '仍是占位图（public/events/salon2027/封面.webp 与 public/competitions/_template/cover.webp 相同）：占位图不能上线，请换成本届的真实图片',
      },
    ])
  })

  it('an event page section showing the demo banner', () => {
    const root = site()
    const cover = picture(root, '/events/salon2027/cover.webp', REAL_PICTURE)
    writeEvent(
      root,
      'salon2027',
      eventFixture({
        path: '/events/salon2027',
        cover: image(cover, 1200, 675),
        sections: [
          { type: 'hero', props: { title: '沙龙', background: image('/landing/demo/banner.webp') } },
        ],
      }),
    )
    expect(findings(root).prod.errors.map((e) => [e.file, e.path])).toEqual([
      ['events/salon2027.json', 'sections[0].props.background.src'],
    ])
  })

  it('a landing page as npm run new:landing writes it (the demo banner), and a copy of it in a gallery', () => {
    const root = site()
    const copy = picture(root, '/landing/camp/hero.webp', DEMO_BANNER)
    landingPage(root, 'camp', [
      { type: 'hero', props: { title: '设计营', background: image('/landing/demo/banner.webp') } },
      { type: 'gallery', props: { title: '现场', images: [{ image: image(copy) }] } },
    ])
    const { dev, prod } = findings(root)
    expect(dev.errors).toEqual([])
    expect(dev.warnings.map((e) => [e.file, e.path])).toEqual([
      ['landing-pages/camp.json', 'sections[0].props.background.src'],
      ['landing-pages/camp.json', 'sections[1].props.images[0].image.src'],
    ])
    expect(prod.errors.map((e) => [e.file, e.path, e.message])).toEqual([
      [
        'landing-pages/camp.json',
        'sections[0].props.background.src',
        '仍是占位图（public/landing/demo/banner.webp 与 public/landing/demo/banner.webp 相同）：占位图不能上线，请换成本届的真实图片',
      ],
      [
        'landing-pages/camp.json',
        'sections[1].props.images[0].image.src',
        '仍是占位图（public/landing/camp/hero.webp 与 public/landing/demo/banner.webp 相同）：占位图不能上线，请换成本届的真实图片',
      ],
    ])
  })

  it('a shared fragment with a copy of the _template hero is named itself, once, however many pages include it', () => {
    const root = site()
    const banner = picture(root, '/landing/camp/banner.webp', TEMPLATE_HERO)
    fs.mkdirSync(path.join(root, 'landing-pages/_shared/camp'), { recursive: true })
    fs.writeFileSync(
      path.join(root, 'landing-pages/_shared/camp/hero.json'),
      JSON.stringify({
        sections: [
          {
            type: 'hero',
            props: { title: '设计营', background: image(banner) },
          },
        ],
      }),
    )
    landingPage(root, 'camp', [{ include: 'camp/hero' }])
    landingPage(root, 'camp2', [{ include: 'camp/hero' }])
    expect(findings(root).prod.errors.map((e) => [e.file, e.path])).toEqual([
      ['landing-pages/_shared/camp/hero.json', 'sections[0].props.background.src'],
    ])
  })

  it('real pictures pass: the same names, other bytes', () => {
    const root = site()
    const { file } = scaffoldCompetition(root, '2028newCompetition', new Date('2027-05-01T00:00:00Z'))
    picture(root, '/competitions/2028newCompetition/cover.webp', REAL_PICTURE)
    picture(
      root,
      '/competitions/2028newCompetition/hero.webp',
      path.join(repo, 'public/competitions/competition/hero.webp'),
    )
    expect(fs.existsSync(file)).toBe(true)
    const { dev, prod } = findings(root)
    expect(dev.warnings).toEqual([])
    expect(prod.errors).toEqual([])
  })
})

describe('the list of placeholders', () => {
  it('names the bytes of every file in the placeholder folders (a redrawn placeholder adds its line)', async () => {
    const { createHash } = await import('node:crypto')
    const listed = new Set(PLACEHOLDER_ART.map((p) => `${p.sha256} ${p.bytes}`))
    for (const folder of PLACEHOLDER_FOLDERS)
      for (const name of fs.readdirSync(path.join(repo, folder))) {
        const bytes = fs.readFileSync(path.join(repo, folder, name))
        expect(listed, `${folder}/${name}`).toContain(
          `${createHash('sha256').update(bytes).digest('hex')} ${bytes.length}`,
        )
      }
  })

  it('the shipped competitions, events and landing pages use none: check:definitions --production passes', () => {
    const { errors, warnings } = checkAllDefinitions(repo, { production: true })
    expect(errors).toEqual([])
    expect(warnings.filter((w) => w.message.includes('占位图'))).toEqual([])
  })
})
