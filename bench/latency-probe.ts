import http from 'node:http'

/**
 * Child process of bench/event-loop.ts (`node bench/latency-probe.ts < plan.json`): asks for the menu
 * at a steady rate on keep-alive connections, first with nothing else going on, then in rounds while a
 * batch of costly requests (page renders, PDFs, picture renditions) runs all at once.
 * Prints what it measured as JSON. A process of its own: a load generator sharing the server's event
 * loop would measure itself.
 */
interface Plan {
  base: string
  menuPath: string
  idleMs: number
  rounds: Array<Array<{ path: string; headers?: Record<string, string> }>>
}

const chunks: Buffer[] = []
for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
const plan = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Plan

const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 64 })
const loadAgent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY })

/** A server-rendered page carries its data block; the app shell does not. */
const RENDERED = 'id="kb-page-data"'

function get(path: string, agent: http.Agent, headers: Record<string, string> = {}) {
  const started = performance.now()
  return new Promise<{ status: number; ms: number; bytes: number; rendered: boolean }>((resolve, reject) => {
    const req = http.get(
      `${plan.base}${path}`,
      { agent, headers: { 'accept-encoding': 'gzip', ...headers } },
      (res) => {
        let bytes = 0
        let tail = ''
        let rendered = false
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length
          // Pages are asked for uncompressed: whether the server rendered them is read off the HTML.
          const text = tail + chunk.toString('latin1')
          if (text.includes(RENDERED)) rendered = true
          tail = text.slice(-RENDERED.length)
        })
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, bytes, rendered }),
        )
      },
    )
    req.on('error', reject)
  })
}

/**
 * Menu latencies at a steady rate, one request every INTERVAL_MS whether or not the last one has
 * answered, each timed from when it was due: a stalled event loop then shows in every request it
 * held up, not in one (sampling one after another would take most samples while the loop is free).
 */
const INTERVAL_MS = 10
async function sample(until: () => boolean): Promise<{ ms: number[]; failed: number }> {
  const ms: number[] = []
  let failed = 0
  const inFlight: Array<Promise<void>> = []
  let due = performance.now()
  while (!until()) {
    const scheduled = due
    inFlight.push(
      get(plan.menuPath, probeAgent).then(
        (res) => {
          if (res.status === 200) ms.push(performance.now() - scheduled)
          else failed++
        },
        () => {
          failed++
        },
      ),
    )
    due += INTERVAL_MS
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())))
  }
  await Promise.all(inFlight)
  return { ms, failed }
}

await get(plan.menuPath, probeAgent) // the connection, opened before anything is timed
const idleEnds = performance.now() + plan.idleMs
const idle = await sample(() => performance.now() >= idleEnds)

const loaded: number[] = []
let loadedFailed = 0
const heavy: Array<{ path: string; status: number; ms: number; rendered: boolean }> = []
for (const round of plan.rounds) {
  let pending = round.length
  const batch = Promise.all(
    round.map(async ({ path, headers }) => {
      const res = await get(path, loadAgent, headers).catch(() => ({
        status: 0,
        ms: 0,
        bytes: 0,
        rendered: false,
      }))
      heavy.push({ path, status: res.status, ms: res.ms, rendered: res.rendered })
      pending--
    }),
  )
  const during = await sample(() => pending === 0)
  loaded.push(...during.ms)
  loadedFailed += during.failed
  await batch
}

console.log(JSON.stringify({ idle: idle.ms, idleFailed: idle.failed, loaded, loadedFailed, heavy }))
probeAgent.destroy()
