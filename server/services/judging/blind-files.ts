import fs from 'node:fs'
import path from 'node:path'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import type { WorkerPool } from '../../workers/pool.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import { type FileStorage, uploadType } from '../storage.ts'
import { BLIND_COPY_TYPES, entryFiles, neutralNames, parseObject } from './entry-files.ts'
import { findRound } from './rounds.ts'
import { requireAssigned } from './sheets.ts'

/** What the judges' file route answers when it has no file to give (README "Judging"). */
export const JUDGE_FILE_MSG = {
  missing: '文件不存在',
  cannotClean: '这个文件无法去除作者信息，匿名评审中不能打开，请联系组织方',
} as const

/**
 * The folder of the clean copies under DATA_DIR. Its version changes when the cleaning does, so a
 * copy made by an earlier rule is never served again.
 */
const FOLDER = 'blind-v1'

/**
 * The copies of uploads that judges of a blind round receive (blind-copy.ts says what is taken out),
 * made in the worker pool on first request and kept in the object store beside the renditions, so an
 * upload is cleaned once however many judges open it and on whichever instance. The copy depends on
 * the upload's content alone (its name is its hash): the neutral name is given when it is served.
 */
export class BlindCopies {
  private readonly root: string
  private readonly storage: FileStorage
  private readonly workers: WorkerPool
  private readonly making = new Map<string, Promise<string>>()

  constructor(storage: FileStorage, workers: WorkerPool) {
    this.storage = storage
    this.workers = workers
    this.root = path.join(storage.dataRoot, FOLDER)
  }

  /** The clean copy's path on disk, made when missing; refused when the upload is not stored or cannot be cleaned. */
  async of(stored: string): Promise<string> {
    const ext = stored.split('.')[1] ?? ''
    if (!(BLIND_COPY_TYPES as readonly string[]).includes(ext))
      throw new BusinessError(CODE.badRequest, JUDGE_FILE_MSG.cannotClean)
    const target = path.join(this.root, stored.slice(0, 2), stored)
    if (await this.storage.fetchDerived(target)) return target
    let pending = this.making.get(target)
    if (!pending) {
      pending = this.make(stored, target).finally(() => this.making.delete(target))
      this.making.set(target, pending)
    }
    return pending
  }

  private async make(stored: string, target: string): Promise<string> {
    const source = await this.storage.localPath(stored)
    if (!fs.existsSync(source)) throw new BusinessError(CODE.notFound, JUDGE_FILE_MSG.missing)
    const outcome = await this.workers.run('blindCopy', { source, target })
    if (!outcome.made) throw new BusinessError(CODE.badRequest, JUDGE_FILE_MSG.cannotClean)
    await this.storage.keepDerived(target)
    return target
  }
}

/** A file as the judges' file route sends it. */
export interface JudgeFile {
  path: string
  mime: string
  /** The neutral name, and the same in ASCII (entry-files.ts). */
  name: string
  ascii: string
}

/**
 * File `index` of an entry assigned to the judge in the round, as a judge of a blind round receives
 * it: the clean copy under its neutral name. The caller has checked the judge's seat on the round.
 */
export async function judgeFile(
  k: Kysely<Database>,
  registry: CompetitionRegistry,
  copies: BlindCopies,
  judgeId: number,
  q: { competitionId: number; roundId: string; workId: number; file: number },
): Promise<JudgeFile> {
  findRound(registry, q.competitionId, q.roundId)
  await requireAssigned(k, q.competitionId, q.roundId, q.workId, judgeId)
  const work = await k
    .selectFrom('competition_works')
    .select(['base', 'display_board'])
    .where('id', '=', q.workId)
    .executeTakeFirstOrThrow()
  const file = entryFiles(parseObject(work.base), parseObject(work.display_board))[q.file]
  if (!file) throw new BusinessError(CODE.notFound, JUDGE_FILE_MSG.missing)
  const { name, ascii } = neutralNames(q.workId, file)
  const mime = uploadType(file.stored.split('.')[1]!)?.mime ?? 'application/octet-stream'
  return { path: await copies.of(file.stored), mime, name, ascii }
}
