import net from 'node:net'

export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * A raw TCP connection that sends requests byte for byte (pipelined if asked) and reads the answers
 * as they arrive, so a test sees exactly what happens on one keep-alive connection — which an HTTP
 * client library would hide (it may open another connection).
 */
export async function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  let buffer = Buffer.alloc(0)
  let closed = false
  const waiters: Array<() => void> = []
  const wake = () => {
    for (const w of waiters.splice(0)) w()
  }
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk])
    wake()
  })
  socket.on('close', () => {
    closed = true
    wake()
  })
  socket.on('error', () => {})

  /** The next complete answer (Content-Length framed), or an error after `timeoutMs`. */
  async function nextResponse(timeoutMs = 5000): Promise<RawResponse> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n')
      if (end >= 0) {
        const [statusLine = '', ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n')
        const headers = Object.fromEntries(
          lines.map((line) => {
            const i = line.indexOf(':')
            return [line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim()]
          }),
        )
        const length = Number(headers['content-length'] ?? 0)
        if (buffer.length >= end + 4 + length) {
          const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8')
          buffer = buffer.subarray(end + 4 + length)
          return { status: Number(statusLine.split(' ')[1]), headers, body }
        }
      }
      if (closed) throw new Error('the server closed the connection before answering')
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no answer on this connection within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  return {
    socket,
    write: (data: string | Buffer) => new Promise<void>((resolve) => socket.write(data, () => resolve())),
    nextResponse,
    get closed() {
      return closed
    },
    close: () => socket.destroy(),
  }
}

/** The bytes of one HTTP/1.1 request with a Content-Length body. */
export function requestBytes(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body: Buffer = Buffer.alloc(0),
): Buffer {
  const all = {
    host: '127.0.0.1',
    connection: 'keep-alive',
    ...headers,
    'content-length': String(body.length),
  }
  const head = `${method} ${path} HTTP/1.1\r\n${Object.entries(all)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`
  return Buffer.concat([Buffer.from(head, 'latin1'), body])
}
