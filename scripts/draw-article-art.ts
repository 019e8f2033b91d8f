import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { strToU8, zipSync } from 'fflate'
import { chromium } from 'playwright-core'
import { DOCUMENTS, type SeedDocument } from '../server/db/seed/articles/documents.ts'
import { NEWS } from '../server/db/seed/articles/news.ts'
import { VIDEO_SECONDS, VIDEOS } from '../server/db/seed/articles/videos.ts'
import { dictionaries } from '../server/db/seed/dictionaries.ts'
import { A4, CjkPdf, type TextSpec } from '../server/services/pdf/cjk-pdf.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.ts'

/**
 * Draws the demo content's files (run `node scripts/draw-article-art.ts`, commit the output):
 *   public/content/news/<slug>.jpg     cover of each seeded article (1200×675 JPEG: share cards take no SVG/WebP)
 *   public/content/videos/<slug>.jpg   poster of each seeded video
 *   public/content/videos/<slug>.mp4   a 4-second animated title card (H.264, slow zoom and fades), by ffmpeg
 *   content/documents/<file>           the seeded documents: PDFs with the server's CJK PDF helper, Word
 *                                      files as minimal OOXML
 * Needs Debian's chromium, a CJK font and ffmpeg (libx264); builds and tests never run it.
 */
const root = path.resolve(import.meta.dirname, '..')
const newsDir = path.join(root, 'public/content/news')
const videoDir = path.join(root, 'public/content/videos')
const docDir = path.join(root, 'content/documents')

const PALETTES = [
  ['#1e3a8a', '#3b82f6', '#dbeafe'],
  ['#14532d', '#22c55e', '#dcfce7'],
  ['#7c2d12', '#f97316', '#ffedd5'],
  ['#4c1d95', '#8b5cf6', '#ede9fe'],
  ['#134e4a', '#14b8a6', '#ccfbf1'],
  ['#831843', '#ec4899', '#fce7f3'],
  ['#1f2937', '#64748b', '#e2e8f0'],
] as const

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Breaks a title into lines of at most `per` characters. */
function lines(text: string, per: number): string[] {
  const out: string[] = []
  for (let i = 0; i < text.length; i += per) out.push(text.slice(i, i + per))
  return out.slice(0, 3)
}

function cardHtml(kicker: string, title: string, foot: string, palette: readonly string[], seed: number) {
  const [dark, mid, light] = palette
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const x = (seed * 137 + i * 211) % 1200
    const y = (seed * 71 + i * 149) % 675
    const r = 60 + ((seed + i * 37) % 140)
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${i % 2 ? mid : light}" opacity="${0.12 + (i % 3) * 0.06}"/>`
  }).join('')
  const titleLines = lines(title, 16)
    .map(
      (l, i) =>
        `<text x="90" y="${300 + i * 78}" font-size="62" font-weight="700" fill="#fff">${escapeXml(l)}</text>`,
    )
    .join('')
  return `<!doctype html><html><body style="margin:0">
<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" style="font-family:'Noto Sans CJK SC','Noto Sans SC',sans-serif">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="1200" height="675" fill="url(#g)"/>${shapes}
<rect x="90" y="150" width="8" height="56" fill="${light}"/>
<text x="116" y="192" font-size="34" fill="${light}">${escapeXml(kicker)}</text>
${titleLines}
<text x="90" y="600" font-size="28" fill="${light}" opacity="0.9">${escapeXml(foot)}</text>
</svg></body></html>`
}

async function drawCards() {
  fs.mkdirSync(newsDir, { recursive: true })
  fs.mkdirSync(videoDir, { recursive: true })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const page = await browser.newPage({ viewport: { width: 1200, height: 675 } })
  const shoot = async (html: string, file: string) => {
    await page.setContent(html)
    await page.screenshot({ path: file, type: 'jpeg', quality: 82 })
  }
  for (const [i, n] of NEWS.entries()) {
    const type = dictionaries.design_info_type?.find((d) => d.code === n.type)?.label ?? ''
    const palette = PALETTES[(Number(n.type) - 1) % PALETTES.length]!
    await shoot(cardHtml(type, n.title, '咖簿网 · 资讯', palette, i + 3), path.join(newsDir, `${n.slug}.jpg`))
  }
  for (const [i, v] of VIDEOS.entries()) {
    const palette = PALETTES[(i + 2) % PALETTES.length]!
    await shoot(
      cardHtml(`${v.event} · ${v.year}`, v.title, '咖簿网 · 历史视频', palette, i + 11),
      path.join(videoDir, `${v.slug}.jpg`),
    )
  }
  await browser.close()
}

/** A slow zoom into the poster with a fade in and out: small (≈100 KB), plays everywhere (H.264 baseline-ish, yuv420p). */
function drawVideos() {
  const frames = VIDEO_SECONDS * 25
  for (const v of VIDEOS) {
    const poster = path.join(videoDir, `${v.slug}.jpg`)
    execFileSync('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-loop',
      '1',
      '-i',
      poster,
      '-vf',
      `scale=1280:720,zoompan=z='min(zoom+0.0012,1.12)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${frames}:s=640x360:fps=25,fade=t=in:st=0:d=0.6,fade=t=out:st=${VIDEO_SECONDS - 0.6}:d=0.6`,
      '-t',
      String(VIDEO_SECONDS),
      '-c:v',
      'libx264',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-crf',
      '28',
      '-movflags',
      '+faststart',
      '-an',
      path.join(videoDir, `${v.slug}.mp4`),
    ])
  }
}

async function drawPdf(d: SeedDocument) {
  const margin = 64
  const width = A4.width - 2 * margin
  const [title, ...rest] = d.content
  const specs: TextSpec[] = [
    { text: title!, size: 22, weight: 700, color: '#1e3a8a' },
    ...rest.map(
      (line): TextSpec =>
        line.startsWith('## ')
          ? { text: line.slice(3), size: 14, weight: 700, color: '#1e3a8a' }
          : { text: line, size: 11, weight: 400 },
    ),
  ]
  const pdf = await CjkPdf.create({ Title: d.title, Author: '云岭工业设计协会（示例）' }, specs, margin)
  pdf.doc.y = margin
  for (const [i, spec] of specs.entries())
    pdf.paragraph(spec, { x: margin, width, gapAfter: i === 0 ? 16 : 8, lineGap: 4 })
  fs.writeFileSync(path.join(docDir, d.file), await pdf.finish())
}

/** The smallest Word document Word and LibreOffice open: a title and paragraphs, headings in bold. */
function drawDocx(d: SeedDocument) {
  const run = (text: string, bold: boolean, size: number) =>
    `<w:r><w:rPr><w:rFonts w:eastAsia="宋体"/>${bold ? '<w:b/>' : ''}<w:sz w:val="${size}"/></w:rPr><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`
  const [title, ...rest] = d.content
  const body = [
    `<w:p><w:pPr><w:jc w:val="center"/></w:pPr>${run(title!, true, 36)}</w:p>`,
    ...rest.map((line) =>
      line.startsWith('## ')
        ? `<w:p>${run(line.slice(3), true, 28)}</w:p>`
        : `<w:p>${run(line, false, 22)}</w:p>`,
    ),
  ].join('')
  const files = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"/></w:sectPr></w:body></w:document>`,
  }
  const zip = zipSync(
    Object.fromEntries(
      Object.entries(files).map(([name, text]) => [name, [strToU8(text), { mtime: new Date('2026-01-01') }]]),
    ),
  )
  fs.writeFileSync(path.join(docDir, d.file), zip)
}

fs.mkdirSync(docDir, { recursive: true })
await drawCards()
drawVideos()
for (const d of DOCUMENTS) {
  if (d.file.endsWith('.pdf')) await drawPdf(d)
  else drawDocx(d)
}
console.log(`drew ${NEWS.length} covers, ${VIDEOS.length} videos, ${DOCUMENTS.length} documents`)
