import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.ts'

/**
 * Draws the campaign pages' artwork as local WebP files from the specs in landing-pages/_art/*.json
 * (into public/landing/), and the competitions' covers, banners, sample works and judges from
 * competitions/_art/*.json (into public/competitions/), so no page hot-links an image. Each picture is drawn as SVG and encoded as WebP by Chromium: an SVG
 * picture is a document the page's own thread parses, lays out and paints (its CJK captions
 * included), which on a throttled phone cost a landing page with two dozen pictures ~50 ms of main
 * thread per load; a WebP decodes off that thread, as the photos staff put on real pages do.
 *
 * Each spec: { file, kind, width?, height?, title?, subtitle?, label?, palette: [from, to, accent?],
 * seed }. Kinds: banner (abstract hero background), photo (an illustrated scene card with a
 * caption), portrait (a person's silhouette), logo (a square mark with
 * the name's first character: the logo wall writes the name beside it as text, which wraps and stays
 * readable, where a name drawn into a wide picture shrank to ~9 px on phones and long ones ran off it),
 * poster (title and subtitle on a graphic background). Run: node scripts/draw-landing-art.ts [file…],
 * with Debian's chromium and a CJK font installed (`fonts-noto-cjk`); the WebP files are committed,
 * so builds never draw them. With file names (as in the specs), only those are drawn.
 */
interface ArtSpec {
  file: string
  kind: 'banner' | 'photo' | 'portrait' | 'logo' | 'poster'
  width?: number
  height?: number
  title?: string
  subtitle?: string
  label?: string
  palette: [string, string, string?]
  seed: number
}

const SIZES: Record<ArtSpec['kind'], [number, number]> = {
  banner: [1600, 700],
  photo: [1200, 800],
  portrait: [400, 400],
  logo: [120, 120],
  poster: [800, 1000],
}
const FONT = 'PingFang SC,Microsoft YaHei,Noto Sans CJK SC,sans-serif'
const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A small deterministic generator: the same seed always draws the same picture. */
function random(seed: number) {
  let state = seed >>> 0 || 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return ((state >>> 0) % 10_000) / 10_000
  }
}

function shapes(rand: () => number, w: number, h: number, accent: string, count: number): string {
  const out: string[] = []
  for (let i = 0; i < count; i++) {
    const x = rand() * w
    const y = rand() * h
    const size = (0.08 + rand() * 0.3) * Math.min(w, h)
    const opacity = (0.08 + rand() * 0.22).toFixed(2)
    const kind = Math.floor(rand() * 3)
    if (kind === 0)
      out.push(
        `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(size / 2).toFixed(0)}" fill="${accent}" opacity="${opacity}"/>`,
      )
    else if (kind === 1)
      out.push(
        `<rect x="${(x - size / 2).toFixed(0)}" y="${(y - size / 2).toFixed(0)}" width="${size.toFixed(0)}" height="${size.toFixed(0)}" rx="${(size / 8).toFixed(0)}" fill="#fff" opacity="${opacity}" transform="rotate(${(rand() * 90).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`,
      )
    else
      out.push(
        `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(size / 2).toFixed(0)}" fill="none" stroke="#fff" stroke-width="${(2 + rand() * 6).toFixed(0)}" opacity="${opacity}"/>`,
      )
  }
  return out.join('')
}

function grid(w: number, h: number, step: number): string {
  const lines: string[] = []
  for (let x = step; x < w; x += step) lines.push(`<path d="M${x} 0V${h}"/>`)
  for (let y = step; y < h; y += step) lines.push(`<path d="M0 ${y}H${w}"/>`)
  return `<g stroke="#fff" stroke-opacity=".07">${lines.join('')}</g>`
}

function draw(spec: ArtSpec): string {
  const [w, h] = [spec.width ?? SIZES[spec.kind][0], spec.height ?? SIZES[spec.kind][1]]
  const [from, to, accent = '#ffffff'] = spec.palette
  const rand = random(spec.seed)
  const bg = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>`
  const title = spec.title ? esc(spec.title) : ''
  const subtitle = spec.subtitle ? esc(spec.subtitle) : ''
  let body = ''
  switch (spec.kind) {
    case 'banner':
      body = grid(w, h, 80) + shapes(rand, w, h, accent, 14)
      break
    case 'photo':
      body =
        grid(w, h, 60) +
        shapes(rand, w, h, accent, 10) +
        `<rect x="0" y="${h - 120}" width="${w}" height="120" fill="#000" opacity=".28"/>` +
        (spec.label
          ? `<text x="48" y="${h - 48}" font-family="${FONT}" font-size="44" font-weight="600" fill="#fff">${esc(spec.label)}</text>`
          : '')
      break
    case 'portrait':
      body =
        shapes(rand, w, h, accent, 4) +
        `<circle cx="${w / 2}" cy="${h * 0.4}" r="${w * 0.17}" fill="#fff" opacity=".92"/><path d="M${w * 0.18} ${h}C${w * 0.22} ${h * 0.7} ${w * 0.36} ${h * 0.6} ${w / 2} ${h * 0.6}S${w * 0.78} ${h * 0.7} ${w * 0.82} ${h}Z" fill="#fff" opacity=".92"/>`
      break
    case 'logo':
      return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img"><title>${title}</title><rect width="${w}" height="${h}" rx="${w * 0.22}" fill="${from}"/><rect x="${w * 0.5}" y="${h * 0.5}" width="${w * 0.5}" height="${h * 0.5}" rx="${w * 0.12}" fill="${to}" opacity=".35"/><text x="${w / 2}" y="${h / 2 + w * 0.18}" text-anchor="middle" font-family="${FONT}" font-size="${w * 0.5}" font-weight="700" fill="#fff">${esc((spec.title ?? '?').slice(0, 1))}</text></svg>\n`
    case 'poster':
      body =
        grid(w, h, 50) +
        shapes(rand, w, h, accent, 9) +
        `<text x="60" y="${h * 0.62}" font-family="${FONT}" font-size="68" font-weight="800" fill="#fff">${title}</text>` +
        (subtitle
          ? `<text x="62" y="${h * 0.62 + 70}" font-family="${FONT}" font-size="32" fill="#fff" opacity=".85">${subtitle}</text>`
          : '')
      break
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img"><title>${title || esc(spec.label ?? spec.file)}</title>${bg}${body}</svg>\n`
}

const root = path.resolve(import.meta.dirname, '..')
/** Where specs are read and where their files are written (a spec's `file` is relative to `out`). */
const SOURCES = [
  { specs: 'landing-pages/_art', out: 'public/landing' },
  { specs: 'competitions/_art', out: 'public/competitions' },
]
/** WebP quality: the flat colours and soft shapes of this artwork show no artefacts at 0.8. */
const QUALITY = 0.8

const only = new Set(process.argv.slice(2))
const jobs: Array<ArtSpec & { out: string }> = []
for (const source of SOURCES) {
  const specDir = path.join(root, source.specs)
  if (!fs.existsSync(specDir)) continue
  for (const file of fs.readdirSync(specDir).filter((f) => f.endsWith('.json'))) {
    const specs = JSON.parse(fs.readFileSync(path.join(specDir, file), 'utf8')) as ArtSpec[]
    for (const spec of specs) {
      if (!/^[a-z0-9_][a-z0-9/_-]*\.webp$/i.test(spec.file))
        throw new Error(
          `${source.specs}/${file}: bad file name ${spec.file} (a path under ${source.out}/ ending in .webp)`,
        )
      if (only.size === 0 || only.has(spec.file)) jobs.push({ ...spec, out: source.out })
    }
  }
}

const unknown = [...only].filter((file) => !jobs.some((spec) => spec.file === file))
if (unknown.length)
  throw new Error(`no spec in ${SOURCES.map((s) => s.specs).join(' or ')} draws ${unknown.join(', ')}`)
// Without a CJK font, Chromium would bake empty boxes into the committed pictures' captions.
if (!execFileSync('fc-list', [':lang=zh'], { encoding: 'utf8' }).trim()) {
  throw new Error('no Chinese font installed (apt-get install fonts-noto-cjk)')
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  const page = await browser.newPage()
  for (const spec of jobs) {
    const webp = await page.evaluate(
      async ({ svg, quality }) => {
        const image = new Image()
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
        await image.decode()
        const canvas = document.createElement('canvas')
        canvas.width = image.naturalWidth
        canvas.height = image.naturalHeight
        canvas.getContext('2d')?.drawImage(image, 0, 0)
        return canvas.toDataURL('image/webp', quality)
      },
      { svg: draw(spec), quality: QUALITY },
    )
    if (!webp.startsWith('data:image/webp;base64,'))
      throw new Error(`${spec.file}: Chromium did not encode WebP`)
    const out = path.join(root, spec.out, spec.file)
    fs.mkdirSync(path.dirname(out), { recursive: true })
    fs.writeFileSync(out, Buffer.from(webp.slice(webp.indexOf(',') + 1), 'base64'))
  }
} finally {
  await browser.close()
}
console.log(`drew ${jobs.length} images into ${[...new Set(jobs.map((j) => `${j.out}/`))].join(' and ')}`)
