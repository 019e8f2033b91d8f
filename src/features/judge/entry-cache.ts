import { getJudgeEntry, type JudgeEntryDetail } from '../../api/judging.ts'
import { toAddress } from '../../lib/paths.ts'

/**
 * The next entry, fetched while the judge scores the current one, so 提交并评下一件 shows it at once:
 * one entry at a time, used once, and only for a minute (the round's state may change meanwhile).
 */
const FRESH_MS = 60_000
let kept: { key: string; at: number; detail: Promise<JudgeEntryDetail> } | undefined

const keyOf = (competitionId: number, roundId: string, workId: number) =>
  `${competitionId}\n${roundId}\n${workId}`

const IMAGE = /\.(jpe?g|png|webp|gif)$/i

/** Fetches the entry and its first pictures into the browser's cache; failures are left to the real open. */
export function prefetchEntry(competitionId: number, roundId: string, workId: number): void {
  const key = keyOf(competitionId, roundId, workId)
  if (kept?.key === key && Date.now() - kept.at < FRESH_MS) return
  const detail = getJudgeEntry(competitionId, roundId, workId, { quiet: true })
  detail.catch(() => undefined)
  kept = { key, at: Date.now(), detail }
  detail.then(
    (d) => {
      for (const f of d.files.filter((f) => IMAGE.test(f.url)).slice(0, 2)) new Image().src = toAddress(f.url)
    },
    () => undefined,
  )
}

/** The entry: the prefetched answer when it is fresh (and fetched without failing), else a new request. */
export function loadEntry(competitionId: number, roundId: string, workId: number): Promise<JudgeEntryDetail> {
  const key = keyOf(competitionId, roundId, workId)
  const hit = kept?.key === key && Date.now() - kept.at < FRESH_MS ? kept.detail : undefined
  kept = undefined
  return hit
    ? hit.catch(() => getJudgeEntry(competitionId, roundId, workId))
    : getJudgeEntry(competitionId, roundId, workId)
}
