import { describe, expect, it } from 'vitest'
import { sitePrefix } from '../../src/lib/paths.ts'

// The one prefix-aware helper behind every site path (issue 7, item 11). The unit build has no
// prefix, so the staging arithmetic is checked with the prefix given explicitly; the e2e suite
// checks a real BASE_PATH=/test/ build (tests/e2e/base-path.test.ts).

describe('site paths under the staging prefix /test/', () => {
  const staging = sitePrefix('/test/')

  it('gives the router /test as its basename', () => {
    expect(staging.basename).toBe('/test')
  })

  it('turns site paths and public files into addresses under the prefix', () => {
    expect(staging.toAddress('/agreement/user')).toBe('/test/agreement/user')
    expect(staging.toAddress('/landing/aigc/hero.svg')).toBe('/test/landing/aigc/hero.svg')
    expect(staging.toAddress('partners/logo-01.svg')).toBe('/test/partners/logo-01.svg')
    expect(staging.toAddress('/')).toBe('/test/')
  })

  it('leaves the API, other sites, data URLs and anchors alone', () => {
    for (const url of [
      '/api/files/abc.png',
      '/api',
      'https://example.org/x.png',
      '//cdn.example.org/x.png',
      'data:image/png;base64,AAAA',
      '#signup',
    ]) {
      expect(staging.toAddress(url)).toBe(url)
    }
  })

  it('reads browser addresses back as site paths', () => {
    expect(staging.toSitePath('/test/login')).toBe('/login')
    expect(staging.toSitePath('/test/agreement/private?x=1')).toBe('/agreement/private?x=1')
    expect(staging.toSitePath('/test')).toBe('/')
    expect(staging.toSitePath('/test/')).toBe('/')
    expect(staging.toSitePath('/test?a=1')).toBe('/?a=1')
    // Not under the prefix: a site path already, left as it is.
    expect(staging.toSitePath('/login')).toBe('/login')
    expect(staging.toSitePath('/testing/page')).toBe('/testing/page')
  })
})

describe('site paths without a prefix', () => {
  const root = sitePrefix('/')

  it('changes nothing', () => {
    expect(root.basename).toBe('/')
    expect(root.toAddress('/agreement/user')).toBe('/agreement/user')
    expect(root.toAddress('partners/logo-01.svg')).toBe('/partners/logo-01.svg')
    expect(root.toSitePath('/login')).toBe('/login')
  })
})
