import { describe, expect, it } from 'vitest'
import { redirectTarget, sitePathOr } from '../../schemas/redirect-target.ts'
import { redirectVariants, SAFE_TARGETS } from '../support/redirect-variants.ts'

const SITE = 'http://portal.example'
const variants = redirectVariants('evil.example')

describe('redirectTarget', () => {
  it('has a table worth testing', () => {
    expect(variants.length).toBeGreaterThan(100)
    expect(variants.filter((v) => v.control).length).toBeGreaterThan(20)
  })

  it.each(variants.map((v) => [JSON.stringify(v.value), v] as const))(
    '%s never leads off the site',
    (_label, variant) => {
      const target = redirectTarget(variant.value)
      if (variant.control) expect(target.kind).toBe('invalid')
      if (target.kind !== 'path') return
      // Resolved as the browser resolves a Location, from the /redirect page.
      const landed = new URL(target.path, `${SITE}/redirect?url=x`)
      expect(landed.origin).toBe(SITE)
    },
  )

  it.each(SAFE_TARGETS)('%s arrives as %s', (input, arrives) => {
    expect(sitePathOr(input, '/')).toBe(arrives)
  })

  it.each(['', null, undefined, 'mine', 'https://portal.example/mine'])(
    '%s goes to the fallback',
    (input) => {
      expect(sitePathOr(input, '/index')).toBe('/index')
    },
  )
})
