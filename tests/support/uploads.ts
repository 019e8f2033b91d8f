import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'

/** A multipart body holding one file in the field `file`, as a browser's FormData sends it. */
export function multipartFile(name: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = `----kabu-test-${randomBytes(4).toString('hex')}`
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** POST /api/common/upload with one file, signed in with `token` (or not, with null). */
export function uploadFile(app: FastifyInstance, token: string | null, name: string, content: Buffer) {
  const { payload, headers } = multipartFile(name, content)
  return app.inject({
    method: 'POST',
    url: '/api/common/upload',
    payload,
    headers: { ...headers, ...(token ? { authorization: token } : {}) },
  })
}
