import { BusinessError, CODE } from '../../lib/envelope.ts'

/**
 * How many exports may run at once in this server process (README "Exports"): one per staff account,
 * and EXPORTS_AT_ONCE in all. An export holds its slot from the moment it is claimed — before any
 * query, so a burst of clicks cannot all pass a check counted afterwards — until its last byte is
 * written or its client goes away. A refused export costs nothing and is told to wait; nothing queues.
 */
export const EXPORTS_AT_ONCE = 2

export const EXPORT_MSG = {
  yours: '你已有一个导出正在进行，请等它完成后再试',
  busy: '导出任务繁忙，请稍后重试',
} as const

export type ExportKind = 'entries.xlsx' | 'works.zip'

/** A running export: who, what, and how far it has got (rows written, or files packed). */
export interface ExportRun {
  readonly userId: number
  readonly kind: ExportKind
  readonly competitionId: number
  readonly startedAt: number
  done: number
  /** Gives the slot back; a second call does nothing. */
  release(): void
}

export class ExportSlots {
  private readonly runs = new Set<ExportRun>()
  private readonly max: number

  constructor(max = EXPORTS_AT_ONCE) {
    this.max = max
  }

  claim(userId: number, kind: ExportKind, competitionId: number): ExportRun {
    const runs = this.runs
    if ([...runs].some((run) => run.userId === userId))
      throw new BusinessError(CODE.tooMany, EXPORT_MSG.yours)
    if (runs.size >= this.max) throw new BusinessError(CODE.tooMany, EXPORT_MSG.busy)
    const run: ExportRun = {
      userId,
      kind,
      competitionId,
      startedAt: Date.now(),
      done: 0,
      release: () => runs.delete(run),
    }
    runs.add(run)
    return run
  }

  /** The exports under way, oldest first. */
  running(): ExportRun[] {
    return [...this.runs]
  }
}

/** This process's slots: the limit is per server process (each instance of a scaled-out site has its own). */
export const exportSlots = new ExportSlots()
