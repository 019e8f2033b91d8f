import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seed } from '../../server/db/seed/index.ts'
import { loadSiteFile } from '../../server/services/site-file.ts'
import { REAL_LOOKING } from '../support/real-looking.ts'
import { createTestApp } from '../support/test-app.ts'

/**
 * content/site.json is the single source of the footer's identity and partners. Its demo values must
 * read as demo values: nothing that passes for a real filing number, a real mailbox or a real
 * institution's endorsement.
 */
const site = loadSiteFile()

let server: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  server = await createTestApp()
})
afterAll(() => server.close())

/** Longer than the reference poll (1 s), which bounds how soon a table change reaches the API. */
const POLL = { timeout: 5000, interval: 50 }

const partnersApi = async () =>
  (await server.app.inject({ url: '/api/common/partners' })).json().data as {
    name: string
    logo: string
    url: string | null
  }[]

describe('partners come from content/site.json', () => {
  it('serves the file’s 42 partners in its order, with its names, logos and links', async () => {
    const served = await partnersApi()
    expect(site.partners).toHaveLength(42)
    expect(served.map(({ name, logo, url }) => ({ name, logo, url }))).toEqual(
      site.partners.map(({ name, logo, url }) => ({ name, logo, url })),
    )
  })

  it('makes the table match the file again at the next start: stale rows go, edited rows come back', async () => {
    const k = server.app.db.kysely
    await k
      .insertInto('partners')
      .values({ key: 'gone', name: '旧合作伙伴', logo: 'x.svg', url: null, sort: 99 })
      .execute()
    await k
      .updateTable('partners')
      .set({ name: '被改掉的名字' })
      .where('key', '=', site.partners[0]?.key ?? '')
      .execute()
    // The served list follows the table within the reference poll (at once on PostgreSQL's NOTIFY).
    // Waiting for the edit to show first makes the restore below observable: otherwise the cache
    // might never have seen the edit, and the check would pass whatever seed did.
    await expect
      .poll(async () => (await partnersApi()).map((p) => p.name), POLL)
      .toEqual(expect.arrayContaining(['被改掉的名字', '旧合作伙伴']))
    await seed(server.app.db)
    await expect
      .poll(async () => (await partnersApi()).map((p) => p.name), POLL)
      .toEqual(site.partners.map((p) => p.name))
  })
})

const identityValues = [
  site.identity.company,
  site.identity.address,
  site.identity.icp,
  site.identity.police,
  ...site.identity.contacts.map((c) => c.value),
]

describe('demo identity and partners read as demo values', () => {
  it.each(REAL_LOOKING)('no identity value or partner name looks like %s', async (_what, pattern) => {
    const served = (await partnersApi()).map((p) => p.name)
    const offending = [...identityValues, ...served].filter((value) => pattern.test(value))
    expect(offending).toEqual([])
  })

  it('marks the filing numbers as filled in at deployment and every partner as an example', async () => {
    expect(site.identity.icp).toContain('部署时填写')
    expect(site.identity.police).toContain('部署时填写')
    for (const name of (await partnersApi()).map((p) => p.name)) expect(name).toContain('示例')
  })

  it('the patterns do catch what the footer showed before', () => {
    const before = ['苏ICP备2021012345号-1', '苏公网安备32059002003456号', 'cert@kabu.cn', '0512-6288 0000']
    for (const value of before) expect(REAL_LOOKING.some(([, pattern]) => pattern.test(value))).toBe(true)
  })
})
