import fs from 'node:fs'
import path from 'node:path'
import { partnerLogoPath } from '../server/db/seed/index.ts'
import { partnerNames } from '../server/db/seed/partners.ts'

/**
 * Draws the footer's 42 partner logos as small local SVG wordmarks (a coloured mark plus the
 * organisation's name), so the carousel never hot-links another site's images.
 * Run: node scripts/draw-partner-logos.ts — the output is committed under public/partners/.
 */
const palette = ['#1f3fae', '#0f766e', '#b45309', '#7c3aed', '#be123c', '#0369a1', '#15803d']
const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

function logo(name: string, index: number): string {
  const colour = palette[index % palette.length]
  const mark = escapeXml(name.slice(0, 1))
  const label = escapeXml(name)
  const fontSize = name.length > 10 ? 11 : 13
  const shape =
    index % 3 === 0
      ? `<circle cx="18" cy="18" r="14" fill="${colour}"/>`
      : index % 3 === 1
        ? `<rect x="4" y="4" width="28" height="28" rx="7" fill="${colour}"/>`
        : `<path d="M18 3 32 18 18 33 4 18z" fill="${colour}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="36" viewBox="0 0 160 36" role="img"><title>${label}</title>${shape}<text x="18" y="23" text-anchor="middle" font-family="PingFang SC,Microsoft YaHei,Noto Sans CJK SC,sans-serif" font-size="14" font-weight="700" fill="#fff">${mark}</text><text x="40" y="22.5" font-family="PingFang SC,Microsoft YaHei,Noto Sans CJK SC,sans-serif" font-size="${fontSize}" fill="#334155">${label}</text></svg>\n`
}

const publicDir = path.resolve(import.meta.dirname, '../public')
partnerNames.forEach((name, i) => {
  const file = path.join(publicDir, partnerLogoPath(i))
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, logo(name, i))
})
console.log(`wrote ${partnerNames.length} logos to ${path.join(publicDir, 'partners')}`)
