import { execFileSync } from 'node:child_process'

/**
 * When two definition files claim one thing (a competition id, an event path), the message goes on
 * the new file, never on the live one, and says why that one counts as new. "New" is, in order: the
 * file git does not know yet (or added later); then, for competitions, the later `year`; then the
 * later file name. The staff READMEs state this rule.
 */
export interface Claimant {
  /** Relative to the repository: competitions/a.json */
  file: string
  /** A competition's `year` (absent for events, or when the file has none). */
  year?: number
}

/** When git first added a file (seconds), or +∞ for one not committed or outside a repository. */
function gitAddedAt(root: string, file: string): number {
  try {
    const out = execFileSync('git', ['log', '--diff-filter=A', '--format=%ct', '--', file], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    const times = out.trim().split('\n').filter(Boolean).map(Number)
    return times.length ? Math.min(...times) : Number.POSITIVE_INFINITY
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

/**
 * For each file but the live one among `claimants` (two or more files claiming one thing): the live
 * file and why this one counts as new, as a sentence for the message.
 */
export function blameNewer(root: string, claimants: Claimant[]): Map<string, { live: string; why: string }> {
  const known = claimants.map((c) => ({
    ...c,
    added: gitAddedAt(root, c.file),
    year: c.year ?? Number.POSITIVE_INFINITY,
  }))
  const [live, ...newer] = known.sort(
    (a, b) => a.added - b.added || a.year - b.year || a.file.localeCompare(b.file),
  )
  const blamed = new Map<string, { live: string; why: string }>()
  for (const f of newer) {
    const why =
      f.added !== live!.added
        ? f.added === Number.POSITIVE_INFINITY
          ? '本文件尚未提交到 git'
          : '本文件比它晚提交到 git'
        : f.year !== live!.year
          ? '本文件的届次年份较晚'
          : `两个文件${f.added === Number.POSITIVE_INFINITY ? '都未提交到 git' : '同时提交到 git'}，本文件的文件名排在后面`
    blamed.set(f.file, { live: live!.file, why: `${why}，视为新加的文件` })
  }
  return blamed
}
