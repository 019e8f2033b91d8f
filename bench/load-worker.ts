import { parentPort, workerData } from 'node:worker_threads'
import autocannon, { type Options } from 'autocannon'

/**
 * Runs autocannon on its own thread: the servers under test live on the main thread of the bench,
 * and a load generator sharing their event loop would measure itself.
 */
const options = workerData as Options
// autocannon aggregates only on the main thread (its own workers mode); here we do it ourselves.
const result = autocannon.aggregateResult([await autocannon(options)], options)
parentPort!.postMessage({
  reqPerSec: result.requests.average,
  p99Ms: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  mismatches: result.mismatches,
})
