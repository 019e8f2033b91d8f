import { Writable } from 'node:stream'

/** A log stream for a test server (logStream), whose lines the test reads: what production would write. */
export function logLines(): { lines: string[]; stream: Writable } {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  return { lines, stream }
}
