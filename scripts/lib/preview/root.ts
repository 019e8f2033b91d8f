import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { tempDir } from '../temp-dir.ts'
import type { PreviewTarget } from './target.ts'

/**
 * What a definitions root holds (server/config.ts DEFINITIONS_ROOT): the three kinds of definition,
 * the pictures they name, and content/agreements, whose pages links may lead to (definitions/core/site-routes.ts).
 */
const ROOT_FOLDERS = ['competitions', 'events', 'landing-pages', 'public', 'content']

/** The folders git is told about: the definitions, whose commit order decides which file is new. */
const DEFINITION_FOLDERS = ['competitions', 'events', 'landing-pages']

/**
 * A copy of the repository's definitions (`repo`'s folders) with `target` in its place, so the
 * checker and the server see the site as it will be once the file goes live, and nothing in the
 * repository changes. The copy is a git repository where every file but the target is committed:
 * when two files claim one thing (a competition id, an event path), the checker blames the file git
 * does not know yet (definitions/core/newer-file.ts), and the previewed file is the one about to go
 * live. Returns the root's path; the caller removes it.
 */
export function previewRoot(repo: string, target: PreviewTarget): string {
  const root = tempDir('preview-root')
  for (const folder of ROOT_FOLDERS) {
    const from = path.join(repo, folder)
    if (fs.existsSync(from)) fs.cpSync(from, path.join(root, folder), { recursive: true })
  }
  const place = path.join(root, target.relative)
  fs.rmSync(place, { force: true })
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' })
  git('init', '--quiet')
  git('add', '--', ...DEFINITION_FOLDERS.filter((f) => fs.existsSync(path.join(root, f))))
  git(
    '-c',
    'user.name=preview',
    '-c',
    'user.email=preview@localhost',
    '-c',
    'commit.gpgsign=false',
    'commit',
    '--quiet',
    '--no-verify',
    '-m',
    'live',
  )
  fs.copyFileSync(target.source, place)
  return root
}
