// @vitest-environment node
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

/**
 * A fresh `npm install` rewrites package-lock.json when the committed file disagrees with what npm
 * finds in the installed packages. npm marks a package `hasInstallScript` when its package.json has a
 * preinstall, install or postinstall script, or when it ships a binding.gyp (npm then synthesises
 * `node-gyp rebuild`). An install that resolves a package from the registry honours its
 * `"gypfile": false`, but one driven by the lockfile does not, because the lockfile does not keep that
 * field (npm/cli#9837) — so better-sqlite3, which ships prebuilt binaries and says gypfile false, was
 * locked without the flag when added and gained it on every fresh clone's install.
 */
const root = path.resolve(import.meta.dirname, '../..')

interface LockEntry {
  hasInstallScript?: boolean
  link?: boolean
}

function npmWouldMarkInstallScript(dir: string): boolean {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'))
  const scripts: Record<string, string> = pkg.scripts ?? {}
  if (scripts.preinstall || scripts.install || scripts.postinstall) return true
  // Not `pkg.gypfile !== false &&`: see npm/cli#9837 above.
  return fs.existsSync(path.join(dir, 'binding.gyp'))
}

test('package-lock.json marks exactly the installed packages that npm install would mark hasInstallScript', () => {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'))
  const packages = Object.entries(lock.packages as Record<string, LockEntry>).filter(
    // Packages for other platforms are locked but not installed here; links have no files of their own.
    ([key, entry]) => key.startsWith('node_modules/') && !entry.link && fs.existsSync(path.join(root, key)),
  )
  expect(packages.length).toBeGreaterThan(100)
  const disagreeing = packages
    .filter(
      ([key, entry]) => Boolean(entry.hasInstallScript) !== npmWouldMarkInstallScript(path.join(root, key)),
    )
    .map(([key, entry]) => `${key} (lockfile says ${entry.hasInstallScript ? 'yes' : 'no'})`)
  expect(disagreeing).toEqual([])
})
