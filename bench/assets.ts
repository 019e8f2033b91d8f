import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export interface AssetSize {
  /** URL path as the browser asked for it, e.g. /assets/index-abc.js */
  file: string
  kind: 'js' | 'css'
  raw: number
  gzip: number
}

export const kindOf = (pathname: string): 'js' | 'css' | undefined =>
  pathname.endsWith('.js') ? 'js' : pathname.endsWith('.css') ? 'css' : undefined

/**
 * Scripts, stylesheets and modulepreloads named by the built index.html: the browser fetches them
 * before it can paint anything, whether or not resource timing happened to record them first.
 */
export function entryAssets(distDir: string): string[] {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')
  const found: string[] = []
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const attr = (name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]
    const url = tag.startsWith('<script') ? attr('src') : attr('href')
    const rel = attr('rel')
    if (!url || (tag.startsWith('<link') && rel !== 'stylesheet' && rel !== 'modulepreload')) continue
    const pathname = new URL(url, 'http://x/').pathname
    if (kindOf(pathname)) found.push(pathname)
  }
  return found
}

/** Sizes come from the files on disk, not the wire: the server may or may not compress. */
export function assetSize(distDir: string, pathname: string): AssetSize {
  const kind = kindOf(pathname)
  const file = path.join(distDir, decodeURIComponent(pathname))
  if (!kind || !file.startsWith(distDir + path.sep)) throw new Error(`not a dist asset: ${pathname}`)
  const bytes = fs.readFileSync(file)
  return { file: pathname, kind, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
}
