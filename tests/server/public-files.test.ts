import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicFileOf } from '../../server/plugins/spa.ts'
import { definitionsRoot } from '../support/competitions.ts'
import { OPEN_EVENT } from '../support/events.ts'
import { tempDir } from '../support/temp-dir.ts'
import { createTestApp } from '../support/test-app.ts'

/**
 * Staff add a competition's images under public/ and restart (or not even that): a file added after
 * the build is served from public/ itself, without a rebuild, and nothing outside public/ leaks.
 */
let server: Awaited<ReturnType<typeof createTestApp>>
let root: string
let staticDir: string
const POSTER = 'events/poster.webp'
beforeAll(async () => {
  staticDir = tempDir('spa')
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>spa shell</title>')
  fs.writeFileSync(path.join(staticDir, 'only-built.txt'), 'from the build')
  root = definitionsRoot()
  fs.writeFileSync(path.join(root, 'secret.txt'), 'not for the web')
  // As the build leaves it: dist/ holds a copy of public/ as it was then.
  for (const dir of [staticDir, path.join(root, 'public')]) {
    fs.mkdirSync(path.join(dir, 'events'), { recursive: true })
    fs.writeFileSync(path.join(dir, POSTER), 'RIFF-placeholder-poster')
  }
  server = await createTestApp({ staticDir, definitionsRoot: root })
})
afterAll(async () => {
  await server.close()
  fs.rmSync(root, { recursive: true, force: true })
})

describe('files added to public/ after the build', () => {
  it('are served while the server runs, revalidated on each use', async () => {
    expect((await server.app.inject({ url: '/competitions/2027new/cover.webp' })).statusCode).toBe(404)
    fs.mkdirSync(path.join(root, 'public/competitions/2027new'), { recursive: true })
    fs.writeFileSync(path.join(root, 'public/competitions/2027new/cover.webp'), 'RIFF-new-cover')
    const res = await server.app.inject({ url: '/competitions/2027new/cover.webp' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('RIFF-new-cover')
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('win over the build’s copy: a replaced image is served with its new bytes (issue 34 item 1)', async () => {
    expect((await server.app.inject({ url: `/${POSTER}` })).body).toBe('RIFF-placeholder-poster')
    // Staff overwrite the placeholder; no build, no restart.
    fs.writeFileSync(path.join(root, 'public', POSTER), 'RIFF-the-real-poster')
    const res = await server.app.inject({ url: `/${POSTER}` })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('RIFF-the-real-poster')
    expect(res.headers['cache-control']).toBe('no-cache')
    // A file only the build has (its hashed assets, say) is still served from dist/.
    expect((await server.app.inject({ url: '/only-built.txt' })).body).toBe('from the build')
  })

  it('serve nothing outside public/, and a missing file stays a 404', async () => {
    for (const url of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/competitions/%2e%2e/%2e%2e/secret.txt',
      '/competitions/..%2f..%2fsecret.txt',
      '/competitions/2027new/missing.webp',
      '/competitions/%E0%A4%A.webp',
    ]) {
      const res = await server.app.inject({ url })
      // A malformed %-escape is refused before routing (400); the rest are plain misses.
      expect([400, 404], url).toContain(res.statusCode)
      expect(res.body, url).not.toContain('not for the web')
    }
  })
})

describe('publicFileOf', () => {
  it('names a file under public/ and refuses everything that leaves it', () => {
    const publicDir = path.join(root, 'public')
    fs.mkdirSync(path.join(publicDir, 'competitions/x'), { recursive: true })
    fs.writeFileSync(path.join(publicDir, 'competitions/x/a.jpg'), 'jpg')
    fs.symlinkSync(path.join(root, 'secret.txt'), path.join(publicDir, 'competitions/x/link.jpg'))
    expect(publicFileOf(publicDir, '/', '/competitions/x/a.jpg')).toBe('competitions/x/a.jpg')
    expect(publicFileOf(publicDir, '/test/', '/test/competitions/x/a.jpg')).toBe('competitions/x/a.jpg')
    expect(publicFileOf(publicDir, '/test/', '/competitions/x/a.jpg')).toBeUndefined()
    expect(publicFileOf(publicDir, '/', '/competitions/x/link.jpg')).toBeUndefined()
    expect(publicFileOf(publicDir, '/', '/competitions/x')).toBeUndefined()
    expect(publicFileOf(publicDir, '/', '/competitions/x/../../../secret.txt')).toBeUndefined()
    expect(publicFileOf(publicDir, '/', '/.hidden.jpg')).toBeUndefined()
    expect(publicFileOf(path.join(root, 'nothing'), '/', '/a.jpg')).toBeUndefined()
  })
})

describe('the app shell', () => {
  it('names every event’s path for the SPA’s router, as this server read events/ (no build holds them)', async () => {
    for (const url of ['/events/open-event/index', '/index.html', '/']) {
      const html = (await server.app.inject({ url, headers: { accept: 'text/html' } })).body
      const block = /<script type="application\/json" id="kb-event-routes">([^<]*)<\/script>/.exec(html)
      expect(block, url).not.toBeNull()
      expect(JSON.parse(block![1]!)).toEqual([{ slug: OPEN_EVENT, path: `/events/${OPEN_EVENT}` }])
    }
  })
})

describe('content-hashed addresses (issue 34 item 1)', () => {
  const COVER = 'competition/cover.jpg'
  const hashOf = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex').slice(0, 12)
  const coverNamed = async () =>
    (await server.app.inject({ url: `/api/events/page/${OPEN_EVENT}` })).json().data.cover.src as string

  it('names a definition’s image by its content hash, kept a year while the hash is the file’s', async () => {
    const bytes = fs.readFileSync(path.join(root, 'public', COVER))
    expect(await coverNamed()).toBe(`/${COVER}?v=${hashOf(bytes)}`)
    const kept = await server.app.inject({ url: await coverNamed() })
    expect(kept.statusCode).toBe(200)
    expect(kept.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    // A hash that is not the file's (an old page, a made-up one) gets the bytes, revalidated.
    const made = await server.app.inject({ url: `/${COVER}?v=000000000000` })
    expect(made.rawPayload.equals(bytes)).toBe(true)
    expect(made.headers['cache-control']).toBe('no-cache')
  })

  it('names a replaced image by its new hash at once, with no reload: no browser keeps the old bytes', async () => {
    const before = await coverNamed()
    fs.writeFileSync(path.join(root, 'public', COVER), 'JPEG-the-new-cover')
    const want = `/${COVER}?v=${hashOf('JPEG-the-new-cover')}`
    const start = Date.now()
    while ((await coverNamed()) !== want && Date.now() - start < 5_000)
      await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await coverNamed()).toBe(want)
    expect((await server.app.inject({ url: before })).headers['cache-control']).toBe('no-cache')
    const fresh = await server.app.inject({ url: want })
    expect(fresh.body).toBe('JPEG-the-new-cover')
    expect(fresh.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })
})
