import fs from 'node:fs'
import path from 'node:path'
import { type AssetSize, assetSize } from './assets.ts'
import { kb, table } from './format.ts'
import { MANIFEST, readManifest, staticFiles } from './manifest.ts'
import { AJV_COMPILER_MARKER, findAjvCompiler } from './no-ajv-compiler.ts'

/** What the home route loads before first paint: the entry, then the home route module it lazy-loads. */
const HOME = ['index.html', 'src/features/home/home-page.tsx']

/** Lazily loaded screens holding a form; `optional` ones may not exist yet in every checkout. */
const FORM_ROUTES = [
  { key: 'src/features/realname/realname-dialogs.tsx', label: 'real-name form dialog' },
  { key: 'src/features/account/login-page.tsx', label: 'login' },
  { key: 'src/features/account/forget-password-page.tsx', label: 'password reset', optional: true },
]

const sum = (xs: AssetSize[], kind?: 'js' | 'css') =>
  xs.filter((x) => !kind || x.kind === kind).reduce((n, x) => n + x.gzip, 0)
const shortName = (key: string) => key.replace(/^src\/features\//, '')

/**
 * Prints section (d) and returns whether it failed: a form route missing from the build, or an ajv
 * compiler (or other code built from strings) in the browser bundle. `fetchedBeforePaint` is what
 * section (a) saw the home page load: the entry's dynamic imports it pulls in at start (the API
 * client, the toaster…) are no static import, so the table counts them as added, and a note says so.
 */
export function reportFormRoutes(root: string, distDir: string, fetchedBeforePaint: Set<string>): boolean {
  // Builds name files by content hash and empty dist/ first: if a file (a) measured is gone, another
  // build replaced dist/ meanwhile, and the two sections would describe different bundles.
  const gone = [...fetchedBeforePaint].filter((p) => !fs.existsSync(path.join(distDir, p)))
  if (gone.length) {
    console.log(`dist/ was rebuilt after (a) (${gone.length} of its files are gone): run the bench again`)
    return true
  }
  const manifest = readManifest(distDir)
  const home = staticFiles(manifest, HOME)
  const homeSizes = [...home].map((p) => assetSize(distDir, p))

  let failed = false
  const rows: string[][] = []
  const notes: string[] = []
  for (const route of FORM_ROUTES) {
    const name = `${shortName(route.key)} (${route.label})`
    if (!manifest[route.key]) {
      if (!route.optional) failed = true
      notes.push(`${name}: not in the manifest${route.optional ? '' : ' (FAIL: the form route is gone)'}`)
      continue
    }
    const added = [...staticFiles(manifest, [route.key])]
      .filter((p) => !home.has(p))
      .map((p) => assetSize(distDir, p))
    rows.push([name, String(added.length), kb(sum(added, 'js')), kb(sum(added, 'css')), kb(sum(added))])
    const cached = added.filter((a) => fetchedBeforePaint.has(a.file))
    if (cached.length) {
      notes.push(
        `${shortName(route.key)}: ${kb(sum(cached))} KB of it was also fetched by the home page before ` +
          `first paint in (a): ${cached.map((a) => a.file.slice(1)).join(', ')}`,
      )
    }
  }

  console.log(`What opening each form route adds to the home route (dist/${MANIFEST}, static imports)`)
  console.log(
    `  home set: ${HOME.join(' + ')} with their static imports: ${home.size} files, ` +
      `${kb(sum(homeSizes, 'js'))} KB JS + ${kb(sum(homeSizes, 'css'))} KB CSS gzip`,
  )
  console.log(table(['route', 'files', 'JS gzip KB', 'CSS gzip KB', 'total KB'], rows))
  for (const note of notes) console.log(note)

  const { scanned, hits } = findAjvCompiler(root, distDir)
  if (hits.length) {
    failed = true
    console.log(
      "in the browser bundle, an ajv compiler or code built from strings (a CSP without 'unsafe-eval' blocks it):",
    )
    for (const hit of hits) console.log(`  ${hit}`)
  } else {
    console.log(
      `no ajv compiler in the browser bundle (${scanned} JS files scanned for new Function(, ` +
        `a bare Function( call and '${AJV_COMPILER_MARKER}')`,
    )
  }
  return failed
}
