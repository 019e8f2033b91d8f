import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadLandingIndex } from '../../server/services/landing-index.ts'

/** Two pages with one title look like one page in search results, share cards and browser tabs. */
const pages = [...loadLandingIndex(path.resolve(import.meta.dirname, '../..')).values()]

const duplicates = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i)

describe('landing-pages', () => {
  it('every page has a title and a description of its own', () => {
    expect(pages.length).toBeGreaterThan(20)
    expect(duplicates(pages.map((p) => p.title))).toEqual([])
    expect(duplicates(pages.map((p) => p.description))).toEqual([])
    for (const page of pages) expect(page.title, page.slug).not.toBe(page.slug)
  })
})
