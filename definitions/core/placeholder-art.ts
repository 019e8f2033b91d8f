import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { DefinitionError } from './json-file.ts'

/**
 * Placeholder art (issue 34 item 3): the pictures the repository ships for staff to replace — the
 * cover and banner `npm run new:competition` copies from public/competitions/_template/, and the demo
 * pictures `npm run new:landing` and the examples use from public/landing/demo/. A picture is a
 * placeholder by its CONTENT (SHA-256 of its bytes), whatever its name or folder: staff copy the
 * template into their own folder, rename it or point a different field at it, and it is still the
 * placeholder. A marker inside the file was rejected: an image editor keeps it in a picture painted
 * over the placeholder (refusing real art) or strips it from an untouched copy.
 *
 * When a placeholder is redrawn (npm run draw:art), add its new hash and keep the old line, so copies
 * made before still count (tests/unit/placeholder-art.test.ts fails until every file of the two
 * folders is listed).
 */
export const PLACEHOLDER_ART: ReadonlyArray<{ sha256: string; bytes: number; shipped: string }> = [
  {
    sha256: 'd58bbd89415c5b89884b45f3be7dc94ee8f75936bebbaaf450ce59050870d0a2',
    bytes: 11598,
    shipped: 'public/competitions/_template/cover.webp',
  },
  {
    sha256: 'd8fcbb26c79de51ffdabf129a79e547045d070384855d34bca848f7fd9a111ff',
    bytes: 9010,
    shipped: 'public/competitions/_template/hero.webp',
  },
  {
    sha256: '87b6690f2128268ceb2b3e232e0e95738c3959e3f00e1011ac0015038b90e9ea',
    bytes: 10368,
    shipped: 'public/landing/demo/banner.webp',
  },
  {
    sha256: '11c6967596378b1587034004bc6fca42c02f71fd63bb67fa43c1a3ad234f791e',
    bytes: 2040,
    shipped: 'public/landing/demo/logo.webp',
  },
  {
    sha256: '8eda6d670713305ef8e0dfd1572b69e9065db4c9e92201154253e9ebfe778ef6',
    bytes: 12974,
    shipped: 'public/landing/demo/photo.webp',
  },
  {
    sha256: '59e92e8a78fcc7ceddf70608c99642a2e2e2f93934485d07db7b3f75e6eab984',
    bytes: 3924,
    shipped: 'public/landing/demo/portrait.webp',
  },
  {
    sha256: 'b697b73ae3cf3d4594f2b7fcedc6daeef7970ffdf4bc7e2d198a00ce2ba60d45',
    bytes: 13884,
    shipped: 'public/landing/demo/poster.webp',
  },
  // The SVG demo pictures shipped before they were drawn as WebP (commits 2255ae3, e43daaa, 8c6278c).
  {
    sha256: '935a0d90ef0a1ea0891bfbcf3975403818c7ef339aa91651b843596cd7fb1d31',
    bytes: 2368,
    shipped: 'public/landing/demo/banner.svg',
  },
  {
    sha256: 'c9d3a4b1423e147c5c42df6d7aa0b6a7e3c351700cccb22ccf0931a8f802c546',
    bytes: 598,
    shipped: 'public/landing/demo/logo.svg',
  },
  {
    sha256: '0242655fcb652943ffbb4e0a31528a5e958976fac45de7625d5a3fb92a0efaee',
    bytes: 622,
    shipped: 'public/landing/demo/logo.svg',
  },
  {
    sha256: 'b2032c87c6722047c376fe3c287c143e3587e871f020eb4dc4286fb1d00d5f52',
    bytes: 478,
    shipped: 'public/landing/demo/logo.svg',
  },
  {
    sha256: '9beb687877c40668dce3d427e550136f90c5b84f9c2e016a09d9cb114d5f94da',
    bytes: 2274,
    shipped: 'public/landing/demo/photo.svg',
  },
  {
    sha256: '476909e4483bbb96fc71a8473a74f5d9f45649acd46b896c8b0d38e070464a9a',
    bytes: 761,
    shipped: 'public/landing/demo/portrait.svg',
  },
  {
    sha256: '8a1245aab125eab5c65771115bb8983f4b7dd978b819a9b80494e9d44452ea20',
    bytes: 2190,
    shipped: 'public/landing/demo/poster.svg',
  },
]

/** The folders whose every file is a placeholder (the list above must name each one's bytes). */
export const PLACEHOLDER_FOLDERS = ['public/competitions/_template', 'public/landing/demo'] as const

const SIZES = new Set(PLACEHOLDER_ART.map((p) => p.bytes))

/** The shipped placeholder a file's bytes equal, or undefined (only files of a placeholder's size are read). */
function placeholderOf(file: string): string | undefined {
  const stat = fs.statSync(file, { throwIfNoEntry: false })
  if (!stat?.isFile() || !SIZES.has(stat.size)) return undefined
  const sha256 = createHash('sha256').update(fs.readFileSync(file)).digest('hex')
  return PLACEHOLDER_ART.find((p) => p.sha256 === sha256)?.shipped
}

/** Where a finding is reported, and why: the production words refuse, the development ones warn. */
function placeholderMessage(src: string, shipped: string, production: boolean): string {
  const what = `仍是占位图（public${src} 与 ${shipped} 相同）`
  return production
    ? `${what}：占位图不能上线，请换成本届的真实图片`
    : `${what}：上线前请换成本届的真实图片，生产环境（NODE_ENV=production）会拒绝启动`
}

/**
 * Every place in one parsed definition that names a placeholder: any string that is a site path
 * ("/…", not "//host") to a file under <root>/public — image fields (`src` of cover, shareImage,
 * backgrounds, galleries, posters…) and links to a picture alike, wherever they sit.
 */
function placeholderPaths(root: string, value: unknown): Array<{ at: string; src: string; shipped: string }> {
  const publicDir = path.resolve(root, 'public')
  const found: Array<{ at: string; src: string; shipped: string }> = []
  const visit = (v: unknown, at: string): void => {
    if (Array.isArray(v)) for (const [i, item] of v.entries()) visit(item, `${at}[${i}]`)
    else if (v && typeof v === 'object')
      for (const [k, item] of Object.entries(v)) visit(item, at ? `${at}.${k}` : k)
    else if (typeof v === 'string' && v.startsWith('/') && !v.startsWith('//')) {
      const src = v.split(/[?#]/)[0]!
      let file: string
      try {
        file = path.resolve(publicDir, `.${decodeURI(src)}`)
      } catch {
        return // a malformed %-escape is no file; the link checker names it
      }
      if (!file.startsWith(publicDir + path.sep)) return
      const shipped = placeholderOf(file)
      if (shipped) found.push({ at, src, shipped })
    }
  }
  visit(value, '')
  return found
}

/** The definition files of the three kinds and the shared fragments, relative to root. */
function definitionFiles(root: string): string[] {
  const top = (dir: string) =>
    fs.existsSync(path.join(root, dir))
      ? fs
          .readdirSync(path.join(root, dir))
          .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
          .map((f) => `${dir}/${f}`)
      : []
  const shared = path.join(root, 'landing-pages/_shared')
  const fragments = fs.existsSync(shared)
    ? fs
        .readdirSync(shared, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.json'))
        .map((f) => `landing-pages/_shared/${f.replace(/\\/g, '/')}`)
    : []
  return [...top('competitions'), ...top('events'), ...top('landing-pages'), ...fragments].sort()
}

/**
 * The one placeholder rule, applied to every competition, event, landing page and shared fragment
 * under root: each use of a placeholder as a finding (file, JSON path, reason). check-all makes them
 * warnings, or errors with `production`; the server's production start refuses on them.
 */
export function placeholderArt(root: string, production: boolean): DefinitionError[] {
  const findings: DefinitionError[] = []
  for (const file of definitionFiles(root)) {
    let parsed: unknown
    try {
      parsed = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8').replace(/^\uFEFF/, ''))
    } catch {
      continue // the kind's own checker reports a file it cannot read
    }
    for (const { at, src, shipped } of placeholderPaths(root, parsed))
      findings.push({ file, path: at, message: placeholderMessage(src, shipped, production) })
  }
  return findings
}
