import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { DefinitionError } from '../../definitions/core/json-file.ts'
import { knownRoutes } from '../../definitions/known-routes.ts'
import { checkHref } from '../../definitions/landing/links.ts'
import { menus } from '../../server/db/seed/menus.ts'
import * as sitePaths from '../../src/lib/paths.ts'

/**
 * Every internal link the portal shows must reach a page of the router: the header menu the seed
 * writes, the links written in src/ and the paths table they go through, and the links of the
 * definitions (competitions/, landing-pages/, events/, content/). The routes are the definitions
 * checker's (definitions/known-routes.ts), which tests/unit/reserved-routes.test.ts holds to
 * src/app/router.tsx; a file under public/ is a fine target too. Before issue 22 the home hero's
 * button and the 赛事活动 HOT menu item both led to /404; this test stops the next one.
 */
const root = path.resolve(import.meta.dirname, '../..')
const routes = knownRoutes(root)

/** The links of `links` ([where, href]) that lead to no page, with the checker's message. */
function deadLinks(links: Array<[string, string]>): string[] {
  const errors: DefinitionError[] = []
  const ctx = { root, file: '', errors, warnings: [], routes }
  for (const [where, href] of links) checkHref(href, where, ctx)
  return errors.map((e) => `${e.path}: ${e.message}`)
}

function filesUnder(dir: string, ext: RegExp): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f))
    .map((f) => path.join(dir, f.replace(/\\/g, '/')))
}

/**
 * Site paths written in src/ where a link, navigate() or redirect() takes them: `to=`, `href=`,
 * `to:`, `href:`, `url:`, `navigate(…)`, `redirect(…)`, `toAddress(…)`. `${…}` becomes `\0`.
 */
const LINK_IN_SOURCE =
  /(?:\b(?:to|href|url)\s*[:=]\s*\{?\s*|\b(?:navigate|redirect|toAddress)\(\s*)(['"`])(\/(?!\/|api\/)[^'"`]*)\1/g

function linksInSource(file: string, text: string): Array<[string, string]> {
  return [...text.matchAll(LINK_IN_SOURCE)].map((m) => [
    `${file}:${text.slice(0, m.index).split('\n').length}`,
    (m[2] ?? '').replace(/\$\{[^}]*\}/g, '\0'),
  ])
}

/**
 * A link with `${…}` in it reaches a page when some known page fits it, the interpolation standing
 * for one or more segments (`/${slug}/pay` fits /2025qingtaiCompetition/pay), or when `1` in its place
 * does (`/quotation/detail/${id}`).
 */
function templateLeads(href: string): boolean {
  const bare = href.split(/[?#]/)[0] ?? ''
  if (routes.has(bare.replace(/\0/g, '1'))) return true
  const escaped = bare.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\0/g, '[^?#]+')
  const pattern = new RegExp(`^${escaped}$`)
  return routes.paths.some((p) => pattern.test(p))
}

/** Sample arguments for each paths-table function, so every path it makes is checked. */
const competition = [...routes.competitions.keys()][0] ?? ''
const SAMPLES: Record<string, unknown[][]> = {
  agreement: [['user'], ['private'], ['disclaimer']],
  competition: [[competition]],
  landing: [['aigc-6']],
  newsDetail: [[1]],
  quotationDetail: [[1]],
  historyVideoDetail: [[1]],
  downloadWord: [[1]],
  signedDownload: [['token', 1]],
  designerDetail: [[1]],
  talentDetail: [[1]],
  worksDetail: [[1]],
  receiptVerify: [['KBE1']],
  certVerify: [['KBS2026-7QK4M2XD']],
  signIn: [[], ['qingtai']],
}

/** Every site path the paths table makes, `path` patterns left to the router. */
function tablePaths(): Array<[string, string]> {
  const out: Array<[string, string]> = []
  for (const [key, entry] of Object.entries(sitePaths.paths) as Array<[string, unknown]>) {
    const make =
      typeof entry === 'object' && entry && 'getHref' in entry
        ? (entry.getHref as (...args: unknown[]) => string)
        : entry
    if (typeof make === 'string') out.push([`paths.${key}`, make])
    else if (typeof make === 'function') {
      // A getHref without parameters (a page whose address is its pattern) needs no sample.
      const samples = SAMPLES[key] ?? (make.length === 0 ? [[]] : undefined)
      if (!samples) out.push([`paths.${key}`, `（SAMPLES 缺少 ${key} 的示例参数）`])
      for (const args of samples ?? []) out.push([`paths.${key}(${args.join(', ')})`, make(...args)])
    }
  }
  for (const tab of sitePaths.MINE_SIDEBAR_TABS) out.push([`mineTab(${tab.tab})`, sitePaths.mineTab(tab.tab)])
  out.push(['searchPath', sitePaths.searchPath('椅子')], ['loginPath', sitePaths.loginPath('/mine')])
  return out
}

/** Every string under a link key (`href`, or a QR code's `value`) of a JSON file that is a site path. */
function linksInJson(file: string, value: unknown, at = '', out: Array<[string, string]> = []) {
  if (Array.isArray(value)) for (const [i, v] of value.entries()) linksInJson(file, v, `${at}[${i}]`, out)
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if ((k === 'href' || k === 'value' || k === 'url') && typeof v === 'string' && /^\/(?!\/)/.test(v))
        out.push([`${file} ${at}.${k}`, v])
      else linksInJson(file, v, `${at}.${k}`, out)
    }
  return out
}

describe('every internal link reaches a page of the router', () => {
  it('the header menu the seed writes', () => {
    expect(menus.length).toBeGreaterThan(5)
    expect(deadLinks(menus.map((m) => [`menus.${m.key}`, m.url]))).toEqual([])
  })

  it('the paths table and its helpers', () => {
    const links = tablePaths()
    expect(links.length).toBeGreaterThan(40)
    expect(deadLinks(links)).toEqual([])
  })

  it('the links written in src/', () => {
    const links = filesUnder('src', /(?<!\.stories)\.tsx?$/).flatMap((file) =>
      linksInSource(file, fs.readFileSync(path.join(root, file), 'utf8')),
    )
    // Almost every link goes through the paths table (checked above), the competition workspace's
    // /${slug}/… pages included; a few are still written out (the finder itself is tested below).
    expect(links.length).toBeGreaterThan(0)
    const plain = links.filter(([, href]) => !href.includes('\0'))
    const templates = links.filter(([, href]) => href.includes('\0'))
    expect(deadLinks(plain)).toEqual([])
    expect(templates.filter(([, href]) => !templateLeads(href))).toEqual([])
  })

  it('the links of competitions/, landing-pages/, events/ and content/', () => {
    const links = ['competitions', 'landing-pages', 'events', 'content'].flatMap((dir) =>
      filesUnder(dir, /(?<!\.schema)\.json$/).flatMap((file) =>
        linksInJson(file, JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'))),
      ),
    )
    expect(links.length).toBeGreaterThan(50)
    expect(deadLinks(links)).toEqual([])
  })

  it('finds a broken link in each kind of source (the test itself works)', () => {
    expect(deadLinks([['menu', '/event/index']])).toHaveLength(1)
    expect(deadLinks([['menu', '/events/index?x=1']])).toEqual([])
    const [hero] = linksInSource('hero.tsx', '<RouterLink to="/certificate/index">申请</RouterLink>')
    expect(hero).toEqual(['hero.tsx:1', '/certificate/index'])
    expect(deadLinks([hero!])).toHaveLength(1)
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template link
    const [pay] = linksInSource('pay.tsx', 'navigate(`/${slug}/payment`)')
    expect(templateLeads(pay![1])).toBe(false)
    expect(templateLeads('/\0/pay')).toBe(true)
  })
})
