import fs from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { competitionShareCardOf } from '../definitions/competition/render.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.ts'

/**
 * Draws the share cards (1200×630 JPEG: WeChat, Weibo and Open Graph readers take PNG or JPEG, not
 * the WebP artwork pages use): public/share.jpg for the site, and public/landing/_share/<slug>.jpg for
 * every landing page — its hero artwork, title and kicker — and public/competitions/_share/<slug>.jpg
 * for every competition (its cover). A page that sets `shareImage` uses its own.
 * Run after adding or retitling a landing page: `node scripts/draw-share-image.ts [slug…]`, with
 * Debian's chromium and a CJK font installed; the JPEGs are committed, so builds never draw them.
 */
const root = path.resolve(import.meta.dirname, '..')
const pagesDir = path.join(root, 'landing-pages')
const publicDir = path.join(root, 'public')
const SHARE_DIR = path.join(publicDir, 'landing', '_share')

type Entry = { type?: string; include?: string; props?: Record<string, unknown> }
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'))
const escapeHtml = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** The page's first section, following an include. */
function firstSection(entries: Entry[]): Entry | undefined {
  const first = entries[0]
  if (!first?.include) return first
  return firstSection(readJson(path.join(pagesDir, '_shared', `${first.include}.json`)).sections ?? [])
}

const IMAGE_TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', webp: 'image/webp' }

function artwork(src: unknown): string {
  if (typeof src !== 'string' || !src.startsWith('/')) return ''
  const file = path.join(publicDir, src)
  if (!fs.existsSync(file)) return ''
  const type = IMAGE_TYPES[src.slice(src.lastIndexOf('.') + 1)] ?? 'image/jpeg'
  return `url(data:${type};base64,${fs.readFileSync(file).toString('base64')})`
}

function card(title: string, kicker: string, background: string): string {
  return `<!doctype html><meta charset="utf-8"><style>
  body{margin:0;width:1200px;height:630px;position:relative;overflow:hidden;color:#fff;
    font-family:'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif;
    background:#14255c ${background} center/cover no-repeat}
  .shade{position:absolute;inset:0;background:linear-gradient(90deg,rgba(8,14,40,.88) 0%,rgba(8,14,40,.62) 60%,rgba(8,14,40,.25) 100%)}
  .text{position:absolute;left:80px;right:120px;top:0;bottom:0;display:flex;flex-direction:column;justify-content:center}
  .kicker{font-size:30px;opacity:.9;margin-bottom:24px}
  h1{font-size:64px;line-height:1.25;margin:0;font-weight:900}
  .brand{position:absolute;left:80px;bottom:48px;font-size:28px;font-weight:700;display:flex;align-items:center;gap:14px}
  .mark{width:44px;height:44px;border-radius:11px;background:#fff;color:#1f3fae;display:flex;align-items:center;justify-content:center;font-weight:900}
</style><div class="shade"></div><div class="text">${kicker ? `<div class="kicker">${escapeHtml(kicker)}</div>` : ''}
<h1>${escapeHtml(title)}</h1></div><div class="brand"><div class="mark">K</div>咖簿网</div>`
}

const SITE_CARD = card('咖簿网', '工业设计师认证 · 作品确权 · 设计竞赛', '')

const only = new Set(process.argv.slice(2))
const slugs = fs
  .readdirSync(pagesDir)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .filter((slug) => only.size === 0 || only.has(slug))

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
const draw = async (html: string, out: string) => {
  await page.setContent(html, { waitUntil: 'load' })
  fs.mkdirSync(path.dirname(out), { recursive: true })
  await page.screenshot({ path: out, type: 'jpeg', quality: 85 })
  console.log(`wrote ${path.relative(root, out)}`)
}
if (only.size === 0) await draw(SITE_CARD, path.join(publicDir, 'share.jpg'))
for (const slug of slugs) {
  const definition = readJson(path.join(pagesDir, `${slug}.json`))
  const hero = firstSection(definition.sections ?? [])
  const props = hero?.props ?? {}
  const image = (props.background ?? props.image) as { src?: unknown } | undefined
  const kicker = typeof props.kicker === 'string' ? props.kicker : ''
  await draw(card(definition.title, kicker, artwork(image?.src)), path.join(SHARE_DIR, `${slug}.jpg`))
}
// Competitions: title and short title on the brand ground (their covers carry lettering of their own,
// which would show through under the card's). Where they go: definitions/competition/render.ts.
const competitionsDir = path.join(root, 'competitions')
for (const file of fs
  .readdirSync(competitionsDir)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))) {
  const slug = file.replace(/\.json$/, '')
  if (only.size > 0 && !only.has(slug)) continue
  const definition = readJson(path.join(competitionsDir, file))
  const kicker = `${definition.year} · ${definition.shortTitle ?? '设计竞赛'}`
  await draw(
    card(definition.title, kicker, artwork(definition.cover?.src)),
    path.join(publicDir, competitionShareCardOf(slug)),
  )
}
await browser.close()
