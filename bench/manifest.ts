import fs from 'node:fs'
import path from 'node:path'
import { kindOf } from './assets.ts'

/** The part of a Vite manifest entry (dist/.vite/manifest.json) the bench reads. */
export interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  /** Manifest keys of the chunks this one imports statically: they load with it. */
  imports?: string[]
  /** Manifest keys it may import later, on demand: not part of what opening it costs. */
  dynamicImports?: string[]
  css?: string[]
}

export type Manifest = Record<string, ManifestChunk>

export const MANIFEST = path.join('.vite', 'manifest.json')

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, MANIFEST)
  if (!fs.existsSync(file))
    throw new Error(`dist/${MANIFEST} is missing: vite.config.ts must set build.manifest`)
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest
}

/**
 * The JS/CSS files (as URL paths, /assets/…) that load together with the chunks `keys`: each chunk's
 * own file and CSS, through every static import. Static imports only, as the browser loads them at once.
 */
export function staticFiles(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>()
  const files = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`manifest has no entry ${key}`)
    for (const file of [chunk.file, ...(chunk.css ?? [])]) if (kindOf(file)) files.add(`/${file}`)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of keys) visit(key)
  return files
}
