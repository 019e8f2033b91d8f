import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { tempDir } from '../scripts/lib/temp-dir.ts'
import { int, kb, table } from './format.ts'
import {
  BUDGET,
  CHROME_FLAGS,
  CHROMIUM_PATH,
  median,
  RUNS,
  type Run,
  runInFreshChrome,
} from './lighthouse.ts'

/**
 * `npm run bench:lighthouse-ab [-- REF [PATH…]]`: Lighthouse (mobile) on the same pages of two builds in
 * one run — REF (default HEAD~1, the previous commit) against this checkout as it is — and prints
 * score, Total Blocking Time and the JavaScript each page loaded side by side, medians of RUNS runs.
 *
 * On a shared machine a figure moves with whatever else runs (DESIGN.md: ±5 points on 2 cores), so
 * the two builds are measured in turns, page by page and run by run (which one goes first alternates):
 * a busy minute lands on both sides instead of on one. Each build is served by its own server
 * (its own server code, a fresh demo-seeded SQLite database), started as a child process.
 */

const root = path.resolve(import.meta.dirname, '..')

/** The four kinds of public page: home, a landing page, an event page, a results page. */
const AB_PAGES = ['/', '/application/cida-edu', '/events/qingtai/index', '/2025qingtaiCompetition/results']

interface Side {
  label: string
  tree: string
  url: string
  server: ChildProcess
}

const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim()

/** A free port the kernel picks; handed to the child server at once. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** A detached worktree of `ref` beside the checkout's node_modules, built as `npm run build` builds. */
function buildRef(ref: string, dir: string): string {
  const tree = path.join(dir, 'base')
  git('worktree', 'add', '--quiet', '--detach', tree, ref)
  fs.symlinkSync(fs.realpathSync(path.join(root, 'node_modules')), path.join(tree, 'node_modules'))
  console.log(`building ${ref} (${git('rev-parse', '--short', ref)}) in ${tree}`)
  execFileSync('npm', ['run', 'build'], { cwd: tree, stdio: ['ignore', 'ignore', 'inherit'] })
  return tree
}

/** Starts `tree`'s server on its build, a fresh database with the demo data; resolves once it is ready. */
async function serve(label: string, tree: string, dataDir: string): Promise<Side> {
  const port = await freePort()
  const server = spawn(process.execPath, ['server/main.ts'], {
    cwd: tree,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // One client asking for many pages: the per-client render limit would answer shells.
      RENDER_LIMIT: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let waited = 0; ; waited += 500) {
    if (server.exitCode !== null) throw new Error(`${label} server exited with ${server.exitCode}`)
    const ready = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) break
    if (waited > 120_000) throw new Error(`${label} server not ready within 120 s`)
    await new Promise((r) => setTimeout(r, 500))
  }
  return { label, tree, url, server }
}

/** Stops a side's server and waits for it to exit, so its database can be removed. */
function stop(side: Side): Promise<void> {
  if (side.server.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    side.server.once('exit', () => resolve())
    side.server.kill('SIGTERM')
  })
}

const shortSha = (tree: string) =>
  execFileSync('git', ['-C', tree, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()

function report(paths: string[], sides: Side[], runs: Map<string, Run[]>): void {
  const key = (page: string, side: Side) => `${side.label} ${page}`
  const rows = paths.flatMap((page) =>
    sides.map((side) => {
      const r = runs.get(key(page, side)) ?? []
      if (r.length === 0) return [page, side.label, 'failed']
      const med = (pick: (x: Run) => number) => median(r.map(pick))
      return [
        page,
        side.label,
        int(med((x) => x.performance)),
        int(med((x) => x.tbtMs)),
        kb(med((x) => x.jsBytes)),
        int(med((x) => x.scripts)),
        med((x) => x.lcpS).toFixed(1),
        med((x) => x.cls).toFixed(3),
        r.map((x) => x.performance).join(' '),
        r.map((x) => int(x.tbtMs)).join(' '),
        r.map((x) => int(x.cpuIndex)).join(' '),
      ]
    }),
  )
  console.log(
    table(
      [
        'page',
        'build',
        'perf',
        'TBT ms',
        'JS KB',
        'scripts',
        'LCP s',
        'CLS',
        'perf per run',
        'TBT per run',
        'CPU index per run',
      ],
      rows,
    ),
  )
  console.log(`budget: perf >= ${BUDGET.performance}, TBT <= 200 ms (issue 33); JS KB = bytes over the wire`)
}

/**
 * On a busy machine Lighthouse now and then records no trace (NO_NAVSTART); such a run is tried
 * again, so both builds keep RUNS figures per page. Each failure is printed.
 */
const ATTEMPTS = 3

async function runWithRetries(url: string, what: string): Promise<Run | undefined> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      return await runInFreshChrome(url)
    } catch (error) {
      console.log(`${what}: attempt ${attempt} of ${ATTEMPTS} failed: ${(error as Error).message}`)
    }
  }
  return undefined
}

async function main(): Promise<number> {
  const [ref = 'HEAD~1', ...args] = process.argv.slice(2)
  const paths = args.length > 0 ? args : AB_PAGES
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
    console.error('dist/ is missing: run `npm run build` first (npm run bench:lighthouse-ab does)')
    return 1
  }
  const dir = tempDir('lighthouse-ab')
  const sides: Side[] = []
  let baseTree: string | undefined
  try {
    baseTree = buildRef(ref, dir)
    sides.push(await serve(`${ref} ${shortSha(baseTree)}`, baseTree, path.join(dir, 'data-base')))
    sides.push(
      await serve(
        `this ${shortSha(root)}${git('status', '--porcelain') ? '+' : ''}`,
        root,
        path.join(dir, 'data-this'),
      ),
    )
    console.log(
      `Lighthouse mobile (simulated throttling), ${RUNS} runs per page and build, the builds in turns; ` +
        `${CHROMIUM_PATH} ${CHROME_FLAGS.join(' ')}`,
    )
    const runs = new Map<string, Run[]>()
    for (let i = 0; i < RUNS; i++) {
      for (const page of paths) {
        // The build that goes first alternates, so neither always meets a warmer (or busier) machine.
        for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
          const key = `${side.label} ${page}`
          const run = await runWithRetries(`${side.url}${page}`, `${side.label} ${page} run ${i + 1}`)
          if (run) runs.set(key, [...(runs.get(key) ?? []), run])
        }
      }
    }
    report(paths, sides, runs)
    return 0
  } finally {
    await Promise.all(sides.map(stop))
    if (baseTree) git('worktree', 'remove', '--force', baseTree)
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

process.exitCode = await main()
