import fs from 'node:fs'
import path from 'node:path'
import { loadSiteFile } from '../server/services/site-file.ts'

/**
 * Draws a generated wordmark (a coloured mark plus the name) for every partner in content/site.json,
 * at the logo path the file gives, so the demo's fictional partners have logos and the carousel never
 * hot-links another site's images. A deployment replaces them with its partners' real logo files.
 * Run: node scripts/draw-partner-logos.ts — the output is committed under public/partners/.
 */
const palette = ['#1f3fae', '#0f766e', '#b45309', '#7c3aed', '#be123c', '#0369a1', '#15803d']
const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

const FONT = 'PingFang SC,Microsoft YaHei,Noto Sans CJK SC,sans-serif'
const DEMO_SUFFIX = '（示例）'

/**
 * A demo partner's "（示例）" becomes a small tag after the name, and the picture is only as wide as
 * its content, so the wordmark stays legible when a phone shrinks it into a third of the screen.
 */
function logo(name: string, index: number): string {
  const colour = palette[index % palette.length]
  const mark = escapeXml(name.slice(0, 1))
  const isDemo = name.endsWith(DEMO_SUFFIX)
  const shown = isDemo ? name.slice(0, -DEMO_SUFFIX.length) : name
  const label = escapeXml(shown)
  const fontSize = 14
  const textEnd = 40 + shown.length * fontSize
  const tag = isDemo
    ? `<rect x="${textEnd + 4}" y="10" width="26" height="16" rx="3" fill="none" stroke="#94a3b8"/><text x="${textEnd + 17}" y="22" text-anchor="middle" font-family="${FONT}" font-size="10" fill="#64748b">示例</text>`
    : ''
  const width = textEnd + (isDemo ? 32 : 4)
  const shape =
    index % 3 === 0
      ? `<circle cx="18" cy="18" r="14" fill="${colour}"/>`
      : index % 3 === 1
        ? `<rect x="4" y="4" width="28" height="28" rx="7" fill="${colour}"/>`
        : `<path d="M18 3 32 18 18 33 4 18z" fill="${colour}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="36" viewBox="0 0 ${width} 36" role="img"><title>${escapeXml(name)}</title>${shape}<text x="18" y="23" text-anchor="middle" font-family="${FONT}" font-size="14" font-weight="700" fill="#fff">${mark}</text><text x="40" y="23" font-family="${FONT}" font-size="${fontSize}" fill="#334155">${label}</text>${tag}</svg>\n`
}

const publicDir = path.resolve(import.meta.dirname, '../public')
const { partners } = loadSiteFile()
partners.forEach((partner, i) => {
  const file = path.join(publicDir, partner.logo)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, logo(partner.name, i))
})
console.log(`wrote ${partners.length} logos to ${path.join(publicDir, 'partners')}`)
