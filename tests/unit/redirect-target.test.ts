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

  it.each([
    '/redirect?token=abc&url=%2Fmine',
    '/redirect/',
    '%2Fredirect%3Ftoken%3Dabc',
    '/authorizeWx?code=x&state=y',
    '/a/../redirect?token=abc',
  ])('refuses %s: a page that signs someone in is no place to send a visitor', (input) => {
    expect(sitePathOr(input, '/')).toBe('/')
  })

  it.each([
    ['/test//evil.example/', '/'],
    ['/test/\\evil.example/', '/'],
    ['/test/redirect?token=abc', '/'],
    ['/test/mine?change=Info', '/test/mine?change=Info'],
    ['/mine', '/mine'],
  ])('under the staging prefix /test/, %s → %s', (input, arrives) => {
    expect(sitePathOr(input, '/', '/test/')).toBe(arrives)
  })

  it.each(['', null, undefined, 'mine', 'https://portal.example/mine'])(
    '%s goes to the fallback',
    (input) => {
      expect(sitePathOr(input, '/index')).toBe('/index')
    },
  )
})
