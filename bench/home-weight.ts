import { type AssetSize, assetSize, entryAssets } from './assets.ts'
import { columns, int, kb, table } from './format.ts'
import { loadHome } from './home-load.ts'

export const BUDGET_KB = 150

const byKindThenSize = (a: AssetSize, b: AssetSize) => a.kind.localeCompare(b.kind) || b.gzip - a.gzip
const sum = (xs: AssetSize[], kind?: 'js' | 'css') =>
  xs.filter((x) => !kind || x.kind === kind).reduce((n, x) => n + x.gzip, 0)
const name = (pathname: string) => pathname.slice(1)

export interface HomeWeight {
  overBudget: boolean
  /** URL paths of the JS/CSS loaded before first paint, as the table lists them. */
  initial: Set<string>
}

/** Prints section (a): whether the home route's initial JS is over budget, and what it loaded. */
export async function reportHomeWeight(baseUrl: string, distDir: string): Promise<HomeWeight> {
  const load = await loadHome(baseUrl)
  const fromHtml = new Set(entryAssets(distDir))
  const seen = load.beforePaint
  const initial = [...new Set([...fromHtml, ...seen.keys()])]
    .map((p) => assetSize(distDir, p))
    .sort(byKindThenSize)
  const deferred = load.afterPaint
    .filter((p) => !fromHtml.has(p) && !seen.has(p))
    .map((p) => assetSize(distDir, p))
    .sort(byKindThenSize)

  const source = (p: string) =>
    fromHtml.has(p) && seen.has(p) ? 'both' : fromHtml.has(p) ? 'html' : 'timing'
  console.log(`Home route before first paint (${load.paintName} at ${int(load.paintMs)} ms)`)
  console.log('  from: html = named by dist/index.html, timing = request started before first paint')
  const start = (p: string) => (seen.has(p) ? int(seen.get(p)!) : '-')
  console.log(
    table(
      ['file', 'kind', 'from', 'start ms', 'raw B', 'gzip B'],
      initial.map((a) => [name(a.file), a.kind, source(a.file), start(a.file), int(a.raw), int(a.gzip)]),
    ),
  )
  const js = sum(initial, 'js')
  console.log(
    columns([
      ['JS gzip', `${kb(js)} KB`],
      ['CSS gzip', `${kb(sum(initial, 'css'))} KB`],
      ['JS+CSS gzip', `${kb(sum(initial))} KB`],
    ]),
  )
  const over = js > BUDGET_KB * 1024
  console.log(
    `home-route initial JS: ${kb(js)} KB gzip (budget ${BUDGET_KB} KB): ${over ? 'OVER BUDGET' : 'within budget'}`,
  )

  console.log()
  const carousel = load.carouselShown ? 'partner carousel mounted' : 'partner carousel did NOT mount'
  console.log(`Fetched after first paint, for information (scrolled to the footer: ${carousel})`)
  console.log(
    table(
      ['file', 'kind', 'gzip KB'],
      deferred.map((a) => [name(a.file), a.kind, kb(a.gzip)]),
    ),
  )
  console.log(`deferred JS: ${kb(sum(deferred, 'js'))} KB gzip, CSS: ${kb(sum(deferred, 'css'))} KB gzip`)
  return { overBudget: over, initial: new Set(initial.map((a) => a.file)) }
}
