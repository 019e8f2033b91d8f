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
 * Bodies are compared byte for byte: autocannon appends each body chunk to a string with Buffer's
 * default UTF-8 decoding, which garbles a compressed body (and a character split between two
 * chunks), so here each chunk is kept as latin1 — one character per byte — and `expectBody` is
 * given in latin1 too (throughput.ts).
 */
const require = createRequire(import.meta.url)
const Queue = require('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { peek(): { body: string } | undefined; addBody(data: Buffer): void }
}
Queue.prototype.addBody = function addBody(data: Buffer) {
  const request = this.peek()
  if (request) request.body += data.toString('latin1')
}

const chunks: Buffer[] = []
for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
// Decoded whole: a character split between two chunks would be garbled one chunk at a time.
const runs = JSON.parse(Buffer.concat(chunks).toString('utf8') || '[]') as Options[]
const results = []
for (const options of runs) {
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
