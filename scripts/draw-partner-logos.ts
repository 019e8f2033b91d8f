import fs from 'node:fs'
import path from 'node:path'
import { loadSiteFile } from '../server/services/site-file.ts'

/**
 * Draws a generated mark (a coloured shape with the name's first character) for every partner in
 * content/site.json, at the logo path the file gives, so the demo's fictional partners have logos and
 * the carousel never hot-links another site's images. A deployment replaces them with its partners'
 * real logo files. Run: node scripts/draw-partner-logos.ts — the output is committed under public/partners/.
 *
 * The name is not drawn into the picture: the footer writes it beside the mark as text, which wraps and
 * keeps its size, where a wordmark shrank to ~9 px in a phone's third of the screen.
 */
const palette = ['#1f3fae', '#0f766e', '#b45309', '#7c3aed', '#be123c', '#0369a1', '#15803d']
const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

const FONT = 'PingFang SC,Microsoft YaHei,Noto Sans CJK SC,sans-serif'

function logo(name: string, index: number): string {
  const colour = palette[index % palette.length]
  const mark = escapeXml(name.slice(0, 1))
  const shape =
    index % 3 === 0
      ? `<circle cx="18" cy="18" r="17" fill="${colour}"/>`
      : index % 3 === 1
        ? `<rect x="1" y="1" width="34" height="34" rx="8" fill="${colour}"/>`
        : `<path d="M18 0 36 18 18 36 0 18z" fill="${colour}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="36" height="36" viewBox="0 0 36 36" role="img"><title>${escapeXml(name)}</title>${shape}<text x="18" y="24" text-anchor="middle" font-family="${FONT}" font-size="16" font-weight="700" fill="#fff">${mark}</text></svg>\n`
}

const publicDir = path.resolve(import.meta.dirname, '../public')
const { partners } = loadSiteFile()
partners.forEach((partner, i) => {
  const file = path.join(publicDir, partner.logo)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, logo(partner.name, i))
})
console.log(`wrote ${partners.length} logos to ${path.join(publicDir, 'partners')}`)
