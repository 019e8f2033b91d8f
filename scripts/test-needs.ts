import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * What the tests need that npm does not install: the one list `npm test` (first step), `npm run
 * test:pg` and `.ci/run` check. Each entry is a Debian package, the suites that need it and how to
 * tell it is there. Add a line here when a test starts calling a new program.
 */
export type Suite = 'e2e' | 'server' | 'pg'

export type Probe =
  | { kind: 'file'; path: string }
  | { kind: 'command'; name: string }
  /** A font fontconfig lists for the language (fc-list :lang=<lang>). */
  | { kind: 'font'; lang: string }
  /** Any file matching <dir>/*\/<rest>, e.g. /usr/lib/postgresql/<version>/bin/postgres. */
  | { kind: 'versioned'; dir: string; rest: string }

export interface SystemPackage {
  debian: string
  suites: readonly Suite[]
  probe: Probe
  why: string
}

export const SYSTEM_PACKAGES: readonly SystemPackage[] = [
  {
    debian: 'chromium',
    suites: ['e2e'],
    probe: { kind: 'file', path: '/usr/bin/chromium' },
    why: 'the browser playwright-core drives (tests/e2e/browser.ts)',
  },
  {
    debian: 'fontconfig',
    suites: ['e2e'],
    probe: { kind: 'command', name: 'fc-list' },
    why: 'lists the fonts Chromium finds',
  },
  {
    debian: 'fonts-noto-cjk',
    suites: ['e2e'],
    probe: { kind: 'font', lang: 'zh' },
    why: 'Chinese glyphs in screenshots and layout measurements',
  },
  {
    debian: 'poppler-utils',
    suites: ['server'],
    probe: { kind: 'command', name: 'pdftotext' },
    why: 'server tests read certificates and exports with pdftotext',
  },
  {
    debian: 'openssl',
    suites: ['server'],
    probe: { kind: 'command', name: 'openssl' },
    why: 'server tests check timestamp tokens with openssl ts -verify',
  },
  {
    debian: 'nginx-light',
    suites: ['server'],
    probe: { kind: 'file', path: '/usr/sbin/nginx' },
    why: "tests/server/rolling-restart.test.ts runs the README's nginx front before two instances",
  },
  {
    debian: 'postgresql',
    suites: ['pg'],
    probe: { kind: 'versioned', dir: '/usr/lib/postgresql', rest: 'bin/postgres' },
    why: 'npm run test:pg runs the server suite on PostgreSQL',
  },
]

/** How the checker sees the machine; the real one below, a fake in tests. */
export interface System {
  isExecutable(file: string): boolean
  /** Directory entries, [] when the folder is missing. */
  list(dir: string): string[]
  /** The PATH folders. */
  pathDirs(): string[]
  /** Families fontconfig lists for a language, [] when none (or no fc-list). */
  fontsFor(lang: string): string[]
}

export function present(probe: Probe, system: System): boolean {
  switch (probe.kind) {
    case 'file':
      return system.isExecutable(probe.path)
    case 'command':
      return system.pathDirs().some((dir) => system.isExecutable(path.join(dir, probe.name)))
    case 'font':
      return system.fontsFor(probe.lang).length > 0
    case 'versioned':
      return system.list(probe.dir).some((v) => system.isExecutable(path.join(probe.dir, v, probe.rest)))
  }
}

/** The packages the suites need that this machine lacks, in the list's order. */
export function missingPackages(suites: readonly Suite[], system: System): SystemPackage[] {
  return SYSTEM_PACKAGES.filter((p) => p.suites.some((s) => suites.includes(s)) && !present(p.probe, system))
}

/** The command that installs them on Debian; `sudo` in front unless already root. */
export function installCommand(missing: readonly SystemPackage[], root: boolean): string {
  const sudo = root ? '' : 'sudo '
  const names = missing.map((p) => p.debian).join(' ')
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${names}`
}

/** The message that stops the run: what is missing, why, and the exact command. */
export function missingMessage(missing: readonly SystemPackage[], root: boolean): string {
  return [
    'The tests need programs npm does not install:',
    ...missing.map((p) => `  ${p.debian.padEnd(15)} ${p.why}`),
    'Install them (Debian), then run the tests again:',
    `  ${installCommand(missing, root)}`,
  ].join('\n')
}

export const realSystem: System = {
  isExecutable(file) {
    try {
      fs.accessSync(file, fs.constants.X_OK)
      return fs.statSync(file).isFile()
    } catch {
      return false
    }
  },
  list(dir) {
    try {
      return fs.readdirSync(dir)
    } catch {
      return []
    }
  },
  pathDirs() {
    return (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)
  },
  fontsFor(lang) {
    try {
      return execFileSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
    } catch {
      return []
    }
  },
}

const SUITES: readonly Suite[] = ['e2e', 'server', 'pg']

/**
 * `node scripts/test-needs.ts [--sudo] <suite…>`: exits 0 when everything the suites need is there.
 * What is missing is installed through apt-get when it can be (root on Debian, or --sudo as .ci/run
 * asks); otherwise it stops at once with the command to run.
 */
function main(args: string[]): number {
  const useSudo = args.includes('--sudo')
  const suites = args.filter((a) => !a.startsWith('--')) as Suite[]
  const unknown = suites.filter((s) => !SUITES.includes(s))
  if (suites.length === 0 || unknown.length > 0) {
    console.error(`usage: node scripts/test-needs.ts [--sudo] ${SUITES.join('|')}…`)
    return 2
  }
  const missing = missingPackages(suites, realSystem)
  if (missing.length === 0) {
    const wanted = SYSTEM_PACKAGES.filter((p) => p.suites.some((s) => suites.includes(s)))
    console.log(`present: ${wanted.map((p) => p.debian).join(', ')}`)
    return 0
  }
  const root = process.getuid?.() === 0
  const debian = realSystem.isExecutable('/usr/bin/apt-get')
  if (!debian || (!root && !useSudo)) {
    console.error(missingMessage(missing, root))
    return 1
  }
  const names = missing.map((p) => p.debian)
  console.log(`installing from Debian: ${names.join(' ')}`)
  const sudo = root ? [] : ['sudo']
  const run = (argv: string[]) =>
    spawnSync(argv[0] as string, argv.slice(1), {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0
  const installed =
    run([...sudo, 'apt-get', 'update', '-qq']) && run([...sudo, 'apt-get', 'install', '-y', '-qq', ...names])
  const still = missingPackages(suites, realSystem)
  if (!installed || still.length > 0) {
    console.error(missingMessage(still.length > 0 ? still : missing, root))
    return 1
  }
  return 0
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename
if (isMain) process.exitCode = main(process.argv.slice(2))
