import fs from 'node:fs'
import path from 'node:path'
import { DEMO_DESIGNERS, DEMO_TALENTS } from '../server/db/seed/people-data.ts'

/**
 * `node scripts/draw-people-art.ts`: the demo directories' pictures, drawn, so no photo of anyone is
 * used. Avatars are a head-and-shoulders shape in one of eight palettes with a hair shape; the
 * talents' portfolio images are six simple product sketches. Writes public/avatars/ and public/talents/.
 */
const root = path.resolve(import.meta.dirname, '..')
const PALETTES = [
  ['#dbe3fe', '#1f3fae'],
  ['#fde8d7', '#b4541a'],
  ['#dcf5e7', '#1d7a4b'],
  ['#f3e1fb', '#7a2fa0'],
  ['#fff1c2', '#8a6200'],
  ['#dff3f8', '#0f6e86'],
  ['#fde2e4', '#a8283a'],
  ['#e8e8ec', '#3c3f4a'],
] as const
const HAIR = [
  'M31 36c0-12 8-19 17-19s17 7 17 19c-3-7-9-10-17-10s-14 3-17 10z',
  'M29 40c-1-15 7-24 19-24s20 9 19 24c-2-4-4-9-6-11-8 3-17 3-26 0-2 2-4 7-6 11z',
  'M30 44c-3-18 6-28 18-28s21 10 18 28l-4-12c-9 0-18-3-24-8-2 6-5 14-8 20z',
  'M33 30c3-9 9-13 15-13s12 4 15 13c-9-4-21-4-30 0z',
]

function avatar(seed: number, name: string): string {
  const [bg, fg] = PALETTES[seed % PALETTES.length]!
  const hair = HAIR[Math.floor(seed / PALETTES.length) % HAIR.length]!
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img">` +
    `<title>${name}</title><rect width="96" height="96" rx="48" fill="${bg}"/>` +
    `<circle cx="48" cy="38" r="16" fill="${fg}" opacity="0.55"/><path d="${hair}" fill="${fg}"/>` +
    `<path d="M18 84c4-17 16-26 30-26s26 9 30 26" fill="${fg}"/></svg>\n`
  )
}

/** Six product sketches on a paper-coloured board with a caption. */
const SKETCHES: ReadonlyArray<readonly [string, string]> = [
  [
    '台灯草图（示意）',
    '<path d="M150 250h100M200 250V150l-40-50" stroke="#333" stroke-width="6" fill="none"/><path d="M120 110l60-40 30 50z" fill="#e07a3f"/>',
  ],
  [
    '水壶造型（示意）',
    '<path d="M140 250h120l-10-110c-5-30-95-30-100 0z" fill="#3f7fe0"/><path d="M255 160c40 0 40 60 0 60" stroke="#333" stroke-width="8" fill="none"/><path d="M145 150l-35-25" stroke="#333" stroke-width="8"/>',
  ],
  [
    '儿童椅（示意）',
    '<rect x="140" y="90" width="120" height="80" rx="16" fill="#49b37a"/><rect x="130" y="170" width="140" height="24" rx="8" fill="#2d6b4a"/><path d="M145 194v60M255 194v60" stroke="#333" stroke-width="10"/>',
  ],
  [
    '海报版式（示意）',
    '<rect x="130" y="60" width="140" height="200" fill="#f2c14e"/><circle cx="200" cy="130" r="40" fill="#d1495b"/><rect x="150" y="200" width="100" height="10" fill="#333"/><rect x="150" y="220" width="70" height="8" fill="#333"/>',
  ],
  [
    '界面流程（示意）',
    '<rect x="90" y="80" width="70" height="130" rx="10" fill="#fff" stroke="#333" stroke-width="4"/><rect x="240" y="80" width="70" height="130" rx="10" fill="#fff" stroke="#333" stroke-width="4"/><path d="M170 145h60" stroke="#7a2fa0" stroke-width="6"/><path d="M220 135l12 10-12 10" fill="#7a2fa0"/><rect x="100" y="95" width="50" height="30" fill="#cbb5e8"/><rect x="250" y="95" width="50" height="60" fill="#cbb5e8"/>',
  ],
  [
    '空间轴测（示意）',
    '<path d="M200 70l110 55-110 55-110-55z" fill="#cfd8dc"/><path d="M90 125v90l110 55v-90z" fill="#90a4ae"/><path d="M310 125v90l-110 55v-90z" fill="#607d8b"/><rect x="180" y="200" width="20" height="40" fill="#fff"/>',
  ],
]

function sketch([caption, shapes]: readonly [string, string]): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300" role="img">` +
    `<title>${caption}</title><rect width="400" height="300" fill="#faf7f0"/>${shapes}` +
    `<text x="20" y="285" font-size="14" fill="#777" font-family="sans-serif">${caption}</text></svg>\n`
  )
}

const avatars = path.join(root, 'public/avatars')
const works = path.join(root, 'public/talents')
fs.mkdirSync(avatars, { recursive: true })
fs.mkdirSync(works, { recursive: true })
for (const [i, d] of DEMO_DESIGNERS.entries()) {
  if (d.avatar)
    fs.writeFileSync(
      path.join(avatars, `designer-${String(i + 2).padStart(2, '0')}.svg`),
      avatar(i + 1, d.name),
    )
}
for (const [i, t] of DEMO_TALENTS.entries()) {
  if (t.avatar)
    fs.writeFileSync(path.join(avatars, `talent-${t.key.slice(-2)}.svg`), avatar(i * 3 + 5, t.name))
}
for (const [i, s] of SKETCHES.entries())
  fs.writeFileSync(path.join(works, `work-${String(i + 1).padStart(2, '0')}.svg`), sketch(s))
console.log('drew public/avatars/designer-*.svg, talent-*.svg and public/talents/work-*.svg')
