import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

/**
 * `npm test`: every check and suite, stage by stage, with each step's wall time and the total at the
 * end. Steps in one stage do not depend on each other and run at the same time; their output is
 * held and printed whole when each ends, so two steps never interleave. A stage of one step streams.
 * The first failing step stops the run: the others still running are ended, its output is shown and
 * the exit code is 1.
 */

interface Step {
  name: string
  /** Arguments to npm (`run <script>`): every step stays runnable on its own through package.json. */
  npm: string[]
}

const STAGES: readonly (readonly Step[])[] = [
  // Before anything else: what npm does not install (scripts/test-needs.ts).
  [{ name: 'system packages', npm: ['run', '-s', 'test:needs', '--', 'e2e', 'server'] }],
  // Each is small or single-threaded; together they fill both cores.
  [
    { name: 'check:generated', npm: ['run', '-s', 'check:generated'] },
    { name: 'check:definitions', npm: ['run', '-s', 'check:definitions'] },
    { name: 'typecheck', npm: ['run', '-s', 'typecheck'] },
    { name: 'lint', npm: ['run', '-s', 'lint'] },
    { name: 'check:exports', npm: ['run', '-s', 'check:exports'] },
  ],
  // One vitest run for both projects: one pool of workers takes files from either, so neither waits
  // for the other's slowest file and the machine is no busier than with one project.
  [{ name: 'unit + server', npm: ['run', '-s', 'test:unit-server'] }],
  [
    { name: 'build', npm: ['run', '-s', 'build'] },
    { name: 'build:staging', npm: ['run', '-s', 'build:staging'] },
  ],
  // e2e files run E2E_WORKERS at a time (default 1), each worker on its own pair of servers (vitest.config.ts).
  [{ name: 'e2e', npm: ['run', '-s', 'test:e2e'] }],
]

interface Outcome {
  step: Step
  code: number
  ms: number
  output: string
}

const root = path.resolve(import.meta.dirname, '..')
const running = new Set<ChildProcess>()

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}

function run(step: Step, stream: boolean): Promise<Outcome> {
  const started = Date.now()
  // Its own process group, so a failing neighbour can end the whole tree (npm, vitest, its workers).
  const child = spawn('npm', step.npm, {
    cwd: root,
    detached: true,
    stdio: ['ignore', stream ? 'inherit' : 'pipe', stream ? 'inherit' : 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
  })
  running.add(child)
  const chunks: Buffer[] = []
  child.stdout?.on('data', (c: Buffer) => chunks.push(c))
  child.stderr?.on('data', (c: Buffer) => chunks.push(c))
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      running.delete(child)
      resolve({
        step,
        code: code ?? (signal ? 128 : 1),
        ms: Date.now() - started,
        output: Buffer.concat(chunks).toString('utf8'),
      })
    })
  })
}

function stopAll() {
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
}

function report(outcomes: Outcome[], totalMs: number) {
  const width = Math.max(...outcomes.map((o) => o.step.name.length))
  console.log('\nnpm test, wall time per step:')
  for (const o of outcomes) {
    console.log(
      `  ${o.step.name.padEnd(width)}  ${seconds(o.ms).padStart(8)}  ${o.code === 0 ? 'ok' : 'FAILED'}`,
    )
  }
  console.log(`  ${'total'.padEnd(width)}  ${seconds(totalMs).padStart(8)}`)
}

/** `npm test -- --only lint,typecheck` runs just those steps (names as in STAGES), in their stages. */
function chosenStages(args: string[]): Step[][] {
  const only =
    args.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? args[args.indexOf('--only') + 1]
  if (!args.some((a) => a.startsWith('--only'))) return STAGES.map((stage) => [...stage])
  const names = new Set((only ?? '').split(','))
  const known = new Set(STAGES.flat().map((s) => s.name))
  const unknown = [...names].filter((n) => !known.has(n))
  if (unknown.length > 0)
    throw new Error(`no step named ${unknown.join(', ')}; steps: ${[...known].join(', ')}`)
  return STAGES.map((stage) => stage.filter((s) => names.has(s.name))).filter((stage) => stage.length > 0)
}

async function main(): Promise<number> {
  const started = Date.now()
  const outcomes: Outcome[] = []
  const stages = chosenStages(process.argv.slice(2))
  process.on('SIGINT', () => {
    stopAll()
    process.exit(130)
  })
  for (const stage of stages) {
    const stream = stage.length === 1
    console.log(`\n== ${stage.map((s) => s.name).join(' ‖ ')}`)
    const failed = await new Promise<Outcome | undefined>((resolve) => {
      let left = stage.length
      let settled = false
      for (const step of stage) {
        run(step, stream).then((o) => {
          // A step ended because another failed says nothing of its own.
          if (settled) return
          outcomes.push(o)
          if (!stream) {
            console.log(`\n── ${o.step.name} (${seconds(o.ms)}, ${o.code === 0 ? 'ok' : `exit ${o.code}`})`)
            if (o.output.trim()) process.stdout.write(o.output.endsWith('\n') ? o.output : `${o.output}\n`)
          }
          if (o.code !== 0 || --left === 0) {
            settled = true
            if (o.code !== 0) stopAll()
            resolve(o.code !== 0 ? o : undefined)
          }
        })
      }
    })
    if (failed) {
      const stopped = stage.filter((s) => !outcomes.some((o) => o.step === s))
      report(outcomes, Date.now() - started)
      if (stopped.length) console.log(`  stopped when it failed: ${stopped.map((s) => s.name).join(', ')}`)
      console.error(`\nnpm test failed at "${failed.step.name}" (exit ${failed.code}); its output is above.`)
      return 1
    }
  }
  report(outcomes, Date.now() - started)
  return 0
}

process.exitCode = await main()
