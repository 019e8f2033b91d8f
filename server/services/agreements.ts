import fs from 'node:fs'
import path from 'node:path'

import type { Agreement } from '../../schemas/api/content.ts'

export const AGREEMENT_KEYS = ['user', 'private', 'disclaimer'] as const

/** The three agreements live in content/agreements/*.json, edited by staff like any other content. */
export function loadAgreements(dir: string): Map<string, Agreement> {
  const map = new Map<string, Agreement>()
  for (const key of AGREEMENT_KEYS) {
    const file = path.join(dir, `${key}.json`)
    const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as Agreement
    if (doc.key !== key || !doc.title || !Array.isArray(doc.sections)) {
      throw new Error(`${file}: expected key "${key}", a title and a sections list`)
    }
    map.set(key, doc)
  }
  return map
}
