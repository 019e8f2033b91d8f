import autocannon, { type Options } from 'autocannon'

/**
 * One autocannon run in its own process (`node bench/load.ts '<options json>'`), printing a summary
 * as JSON. The servers under test live on the bench's main thread, and a load generator sharing their
 * event loop would measure itself. Not a worker thread: autocannon aggregates its histograms only on
 * a process's main thread.
 */
const options = JSON.parse(process.argv[2] ?? '{}') as Options
const result = await autocannon(options)
console.log(
  JSON.stringify({
    reqPerSec: result.requests.mean,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    mismatches: result.mismatches,
  }),
)
