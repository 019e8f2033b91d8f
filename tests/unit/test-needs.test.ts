import { describe, expect, it } from 'vitest'
import {
  installCommand,
  missingMessage,
  missingPackages,
  present,
  realSystem,
  SYSTEM_PACKAGES,
  type System,
} from '../../scripts/test-needs.ts'

/** A machine made of the executable files it holds and the Chinese fonts fontconfig would list. */
function machine(files: string[], zhFonts: string[] = [], pathDirs = ['/usr/local/bin', '/usr/bin']): System {
  const held = new Set(files)
  return {
    isExecutable: (file) => held.has(file),
    list: (dir) => [
      ...new Set(
        files.filter((f) => f.startsWith(`${dir}/`)).map((f) => f.slice(dir.length + 1).split('/')[0] ?? ''),
      ),
    ],
    pathDirs: () => pathDirs,
    fontsFor: (lang) => (lang === 'zh' && held.has('/usr/bin/fc-list') ? zhFonts : []),
  }
}

const everything = machine(
  [
    '/usr/bin/chromium',
    '/usr/bin/fc-list',
    '/usr/bin/pdftotext',
    '/usr/bin/openssl',
    '/usr/sbin/nginx',
    '/usr/lib/postgresql/15/bin/postgres',
  ],
  ['Noto Sans CJK SC'],
)

describe('what the tests need that npm does not install', () => {
  it('finds nothing missing on a machine that has it all', () => {
    expect(missingPackages(['e2e', 'server', 'pg'], everything)).toEqual([])
  })

  it('names the package of a program missing from PATH, and only for the suites that need it', () => {
    const noPdftotext = machine(
      ['/usr/bin/chromium', '/usr/bin/fc-list', '/usr/bin/openssl', '/usr/sbin/nginx'],
      ['Noto Sans CJK SC'],
    )
    expect(missingPackages(['e2e', 'server'], noPdftotext).map((p) => p.debian)).toEqual(['poppler-utils'])
    expect(missingPackages(['e2e'], noPdftotext)).toEqual([])
    expect(installCommand(missingPackages(['e2e', 'server'], noPdftotext), true)).toBe(
      'apt-get update && apt-get install -y poppler-utils',
    )
  })

  it('finds a program in any PATH folder, not only /usr/bin', () => {
    const local = machine(
      ['/opt/tools/openssl', '/usr/bin/pdftotext', '/usr/sbin/nginx'],
      [],
      ['/opt/tools', '/usr/bin'],
    )
    expect(missingPackages(['server'], local)).toEqual([])
  })

  it('wants Debian chromium at /usr/bin/chromium, whatever else is on PATH', () => {
    const snapChromium = machine(
      ['/snap/bin/chromium', '/usr/bin/fc-list'],
      ['Noto Sans CJK SC'],
      ['/snap/bin', '/usr/bin'],
    )
    expect(missingPackages(['e2e'], snapChromium).map((p) => p.debian)).toEqual(['chromium'])
  })

  it('wants a Chinese font, and fontconfig to list it', () => {
    const noCjk = machine(['/usr/bin/chromium', '/usr/bin/fc-list'], [])
    expect(missingPackages(['e2e'], noCjk).map((p) => p.debian)).toEqual(['fonts-noto-cjk'])
    const noFontconfig = machine(['/usr/bin/chromium'], ['Noto Sans CJK SC'])
    expect(missingPackages(['e2e'], noFontconfig).map((p) => p.debian)).toEqual([
      'fontconfig',
      'fonts-noto-cjk',
    ])
  })

  it('asks for PostgreSQL only for test:pg, in whatever version folder it is', () => {
    const noPostgres = machine(['/usr/bin/pdftotext', '/usr/bin/openssl', '/usr/sbin/nginx'])
    expect(missingPackages(['server'], noPostgres)).toEqual([])
    expect(missingPackages(['server', 'pg'], noPostgres).map((p) => p.debian)).toEqual(['postgresql'])
    const postgres17 = machine([
      '/usr/bin/pdftotext',
      '/usr/bin/openssl',
      '/usr/sbin/nginx',
      '/usr/lib/postgresql/17/bin/postgres',
    ])
    expect(missingPackages(['server', 'pg'], postgres17)).toEqual([])
  })

  it('stops with every missing package, why it is needed and the exact command (sudo unless root)', () => {
    const bare = machine([])
    const missing = missingPackages(['e2e', 'server'], bare)
    expect(missing.map((p) => p.debian)).toEqual([
      'chromium',
      'fontconfig',
      'fonts-noto-cjk',
      'poppler-utils',
      'openssl',
      'nginx-light',
    ])
    const message = missingMessage(missing, false)
    expect(message).toContain('  poppler-utils   server tests read certificates and exports with pdftotext')
    expect(message.split('\n').at(-1)).toBe(
      '  sudo apt-get update && sudo apt-get install -y chromium fontconfig fonts-noto-cjk poppler-utils openssl nginx-light',
    )
  })

  it('holds each package once, each needed by some suite', () => {
    const names = SYSTEM_PACKAGES.map((p) => p.debian)
    expect(new Set(names).size).toBe(names.length)
    for (const p of SYSTEM_PACKAGES) expect(p.suites.length).toBeGreaterThan(0)
  })

  it('looks at the real machine through PATH and the file system', () => {
    // node is on PATH under every npm script; no program has this name.
    expect(present({ kind: 'command', name: 'node' }, realSystem)).toBe(true)
    expect(present({ kind: 'command', name: 'kabu-no-such-program' }, realSystem)).toBe(false)
    expect(present({ kind: 'file', path: process.execPath }, realSystem)).toBe(true)
    expect(present({ kind: 'versioned', dir: '/nonexistent', rest: 'bin/postgres' }, realSystem)).toBe(false)
  })
})
