import { describe, expect, it } from 'vitest'
import { parseSiteOrigin } from '../../server/config.ts'
import { headTags } from '../../src/app/document-head.tsx'
import { headOf, pageHead, SITE_DESCRIPTION, SITE_SHARE_IMAGE } from '../../src/lib/page-head.ts'

describe('page heads', () => {
  it('takes the deepest matched route that declares a head, with the site name appended', () => {
    const head = headOf([
      { handle: pageHead(() => ({ title: '外层' })), loaderData: undefined },
      { handle: undefined, loaderData: undefined },
      {
        handle: pageHead<{ t: string }>((d) => ({ title: d.t, description: '说明' })),
        loaderData: { t: '活动' },
      },
    ])
    expect(head).toEqual({
      title: '活动 - 咖簿网',
      ogTitle: '活动',
      description: '说明',
      image: SITE_SHARE_IMAGE,
    })
  })

  it('a page without a head is private: nothing to render on the server', () => {
    expect(headOf([{ handle: undefined, loaderData: null }])).toBeUndefined()
  })

  it('share tags and the canonical link are absolute URLs on the configured origin', () => {
    const head = headOf([{ handle: pageHead(() => ({ title: '首页', fullTitle: true })), loaderData: null }])!
    const tags = headTags(head, 'https://www.example.org', '/application/demo')
    expect(tags.title).toBe('首页')
    expect(tags.canonical).toBe('https://www.example.org/application/demo')
    expect(Object.fromEntries(tags.meta.map(([, key, content]) => [key, content]))).toMatchObject({
      description: SITE_DESCRIPTION,
      'og:image': `https://www.example.org${SITE_SHARE_IMAGE}`,
      'og:url': 'https://www.example.org/application/demo',
    })
  })
})

describe('SITE_ORIGIN', () => {
  it('keeps a bare origin and drops a trailing slash', () => {
    expect(parseSiteOrigin('https://www.example.org/')).toBe('https://www.example.org')
    expect(parseSiteOrigin(undefined)).toBe('')
  })

  it.each(['www.example.org', 'ftp://example.org', 'https://example.org/portal', 'https://example.org/?a=1'])(
    'refuses %s at start',
    (value) => {
      expect(() => parseSiteOrigin(value)).toThrow(/SITE_ORIGIN must be an origin/)
    },
  )
})

describe('page heads of a failed page', () => {
  it('skips a head made from loader data while that data is missing', () => {
    const handle = pageHead<{ title: string }>((doc) => ({ title: doc.title }))
    expect(headOf([{ handle, loaderData: undefined }])).toBeUndefined()
  })
})
