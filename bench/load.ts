import { createRequire } from 'node:module'
import autocannon, { type Options, type Result } from 'autocannon'

/** What autocannon reports beyond bench/autocannon.d.ts: the run's length and its completed requests. */
type FullResult = Result & { duration: number; requests: Result['requests'] & { total: number } }

/**
 * Autocannon runs in their own process (`node bench/load.ts < runs.json`), one after the other,
 * printing one summary per run as a JSON array. The runs arrive on stdin: an expected body can
 * exceed a command-line argument's limit. The servers under test live on the bench's main thread,
 * and a load generator sharing their event loop would measure itself. Not a worker thread: autocannon
 * aggregates its histograms only on a process's main thread.
 *
 * Bodies are compared byte for byte, as they arrive: autocannon would append each chunk to a string
 * with Buffer's default UTF-8 decoding (which garbles a compressed body, and a character split
 * between two chunks) and compare the strings at the end, a cost per byte that lands on the same two
 * cores as the server's. Here each chunk is compared with the expected bytes at its offset (a memcmp)
 * and the body handed to autocannon's check is the expected string itself when every byte matched,
 * so its `expectBody` comparison still counts every mismatch. `expectBody` is given in latin1 (one
 * character per byte; throughput.ts).
 */
interface Pending {
  body: string
  offset?: number
  differs?: boolean
}
const require = createRequire(import.meta.url)
const Queue = require('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: {
    peek(): Pending | undefined
    addBody(data: Buffer): void
    terminateRequest(): Pending | undefined
  }
}
let expected = { text: '', bytes: Buffer.alloc(0) }
Queue.prototype.addBody = function addBody(data: Buffer) {
  const request = this.peek()
  if (!request) return
  const offset = request.offset ?? 0
  const end = offset + data.length
  if (
    !request.differs &&
    (end > expected.bytes.length || !data.equals(expected.bytes.subarray(offset, end)))
  ) {
    request.differs = true
  }
  request.offset = end
}
const terminate = Queue.prototype.terminateRequest
Queue.prototype.terminateRequest = function terminateRequest() {
  const request = terminate.call(this)
  if (request) {
    const whole = !request.differs && (request.offset ?? 0) === expected.bytes.length
    request.body = whole ? expected.text : `${expected.text}\u0000differs`
  }
  return request
}

const chunks: Buffer[] = []
for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
// Decoded whole: a character split between two chunks would be garbled one chunk at a time.
const runs = JSON.parse(Buffer.concat(chunks).toString('utf8') || '[]') as Options[]
const results = []
for (const options of runs) {
  const text = options.expectBody ?? ''
  expected = { text, bytes: Buffer.from(text, 'latin1') }
  const result = (await autocannon(options)) as FullResult
  results.push({
    // Completed requests over the run's own measured length: right for runs shorter than a second too.
    reqPerSec: result.duration > 0 ? result.requests.total / result.duration : result.requests.mean,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    mismatches: result.mismatches,
  })
}
console.log(JSON.stringify(results))
