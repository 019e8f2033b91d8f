import { describe, expect, it } from 'vitest'
import { ACTING_PAGES, actingPage, redirectTarget, sitePathOr } from '../../schemas/redirect-target.ts'
import { actingPathSpellings, redirectVariants, SAFE_TARGETS } from '../support/redirect-variants.ts'

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

  // Issue 33 item 1: the router opens /REDIRECT, /Redirect/ and /%52edirect as the hand-off page.
  const spellings = ACTING_PAGES.flatMap((page) => actingPathSpellings(page))
  it.each(spellings.flatMap((path) => [`${path}?token=abc`, encodeURIComponent(`${path}?token=abc`)]))(
    'refuses %s: the router opens it as a page that signs someone in',
    (input) => {
      expect(sitePathOr(input, '/')).toBe('/')
    },
  )

  it.each(ACTING_PAGES.flatMap((page) => actingPathSpellings(page, '/test')))(
    'refuses %s?token=abc under the staging prefix /test/',
    (path) => {
      expect(sitePathOr(`${path}?token=abc`, '/', '/test/')).toBe('/')
    },
  )

  it.each(spellings)('actingPage names %s as the router would open it', (path) => {
    // As the address bar holds it: dot segments resolved by the URL parser.
    expect(actingPage(new URL(path, SITE).pathname)).toBeDefined()
  })

  it.each(['/redirects', '/mine/redirect', '/authorizeWxx', '/r%65direct-me', '/testredirect'])(
    'actingPage leaves %s alone: the router opens another page there',
    (path) => {
      expect(actingPage(path, '/test/')).toBeUndefined()
    },
  )

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
