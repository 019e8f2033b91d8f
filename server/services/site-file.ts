import fs from 'node:fs'
import path from 'node:path'

/**
 * content/site.json is the one place a deployment writes who runs the site (the footer's company,
 * address, filing numbers and contact lines) and which partner logos the footer shows. The SPA
 * imports its `identity`; the server syncs its `partners` into the database at start.
 */
export const SITE_FILE = path.resolve(import.meta.dirname, '../../content/site.json')

export interface SitePartner {
  /** Stable across edits, so renaming a partner updates its row instead of adding one. */
  key: string
  name: string
  /** Relative to the site root, e.g. partners/partner-01.svg (a file in public/). */
  logo: string
  url: string | null
}

export interface SiteIdentity {
  company: string
  address: string
  icp: string
  police: string
  contacts: { label: string; value: string }[]
}

export interface SiteFile {
  identity: SiteIdentity
  partners: SitePartner[]
}

/** Reads and checks the file, naming it and the bad entry, so a typo stops the start with a clear message. */
export function loadSiteFile(file = SITE_FILE): SiteFile {
  const site = JSON.parse(fs.readFileSync(file, 'utf8')) as SiteFile
  const text = (v: unknown) => typeof v === 'string' && v.trim() !== ''
  const { identity, partners } = site
  if (
    !identity ||
    !['company', 'address', 'icp', 'police'].every((k) => text(identity[k as keyof SiteIdentity]))
  ) {
    throw new Error(`${file}: identity needs company, address, icp and police`)
  }
  if (!Array.isArray(partners)) throw new Error(`${file}: partners must be a list`)
  const keys = new Set<string>()
  partners.forEach((p, i) => {
    if (!text(p.key) || !text(p.name) || !text(p.logo) || keys.has(p.key)) {
      throw new Error(`${file}: partners[${i}] needs a unique key, a name and a logo`)
    }
    keys.add(p.key)
  })
  return site
}
