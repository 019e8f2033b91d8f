import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addedPublicFile } from '../../server/plugins/spa.ts'
import { definitionsRoot } from '../support/competitions.ts'
import { tempDir } from '../support/temp-dir.ts'
import { createTestApp } from '../support/test-app.ts'

/**
 * Staff add a competition's images under public/ and restart (or not even that): a file added after
 * the build is served from public/ itself, without a rebuild, and nothing outside public/ leaks.
 */
let server: Awaited<ReturnType<typeof createTestApp>>
let root: string
beforeAll(async () => {
  const staticDir = tempDir('spa')
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>spa shell</title>')
  root = definitionsRoot()
  fs.writeFileSync(path.join(root, 'secret.txt'), 'not for the web')
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

describe('addedPublicFile', () => {
  it('names a file under public/ and refuses everything that leaves it', () => {
    const publicDir = path.join(root, 'public')
    fs.mkdirSync(path.join(publicDir, 'competitions/x'), { recursive: true })
    fs.writeFileSync(path.join(publicDir, 'competitions/x/a.jpg'), 'jpg')
    fs.symlinkSync(path.join(root, 'secret.txt'), path.join(publicDir, 'competitions/x/link.jpg'))
    expect(addedPublicFile(publicDir, '/', '/competitions/x/a.jpg')).toBe('competitions/x/a.jpg')
    expect(addedPublicFile(publicDir, '/test/', '/test/competitions/x/a.jpg')).toBe('competitions/x/a.jpg')
    expect(addedPublicFile(publicDir, '/test/', '/competitions/x/a.jpg')).toBeUndefined()
    expect(addedPublicFile(publicDir, '/', '/competitions/x/link.jpg')).toBeUndefined()
    expect(addedPublicFile(publicDir, '/', '/competitions/x')).toBeUndefined()
    expect(addedPublicFile(publicDir, '/', '/competitions/x/../../../secret.txt')).toBeUndefined()
    expect(addedPublicFile(publicDir, '/', '/.hidden.jpg')).toBeUndefined()
    expect(addedPublicFile(path.join(root, 'nothing'), '/', '/a.jpg')).toBeUndefined()
  })
})
