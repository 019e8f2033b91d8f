import type { JudgeEntry } from '../../api/judging.ts'

/**
 * The entry a judge scores next (README "Judging"): the first one after `current` in the list's order
 * whose sheet is not submitted, wrapping round to the start; none when every other one is submitted.
 * Without `current`, the first unsubmitted one.
 */
export function nextUnscored(
  entries: ReadonlyArray<Pick<JudgeEntry, 'workId' | 'status'>>,
  current?: number,
): number | undefined {
  const at = current === undefined ? -1 : entries.findIndex((e) => e.workId === current)
  for (let step = 1; step <= entries.length; step++) {
    const e = entries[(at + step + entries.length) % entries.length]!
    if (e.workId !== current && e.status !== 'submitted') return e.workId
  }
  return undefined
}

/** 已评 n / 共 m: the sheets submitted among the entries assigned. */
export const progressOf = (entries: ReadonlyArray<Pick<JudgeEntry, 'status'>>) => ({
  submitted: entries.filter((e) => e.status === 'submitted').length,
  assigned: entries.length,
})

/** The one key that submits a sheet and opens the next entry (and, on the list, opens it): Ctrl+Enter (⌘+Enter on a Mac). */
export const isNextKey = (e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) =>
  e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey
