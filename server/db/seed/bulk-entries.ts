import { randomBytes } from 'node:crypto'
import type { Competition } from '../../../definitions/competition/types.ts'
import { beijingYear } from '../../../schemas/beijing-time.ts'
import { receiptNumber } from '../../services/competition-receipts.ts'
import type { Db } from '../connect.ts'

/**
 * Generated competition entries, for measuring the exports at scale (`npm run bench`, and the server
 * test that an export does not hold up other requests). Each entry is a generated account
 * (`bulk-entrant-<competition>-<n>`, no usable password) with a registration and one work in the
 * definition's ranges in turn; every second entry is paid and submitted, with an entry number taken
 * from the year's real sequence (a block reserved at once, so real numbers never collide with them).
 * `files` are stored uploads (`/api/files/<name>`) the works name
 * as cover and display board, in turn.
 */
export interface BulkEntriesOptions {
  files?: Array<{ url: string; name: string }>
}

const BATCH = 500

const account = (competitionId: number, n: number) =>
  `bulk-entrant-${competitionId}-${String(n).padStart(6, '0')}`

export async function seedBulkEntries(
  db: Db,
  c: Competition,
  count: number,
  options: BulkEntriesOptions = {},
): Promise<void> {
  const k = db.kysely
  const ranges = [...c.ranges.default, ...(c.ranges.propositional ?? [])]
  const stamp = new Date().toISOString()
  const year = beijingYear(Date.now())
  const file = (n: number) => {
    const f = options.files?.length ? options.files[n % options.files.length]! : undefined
    return f ? { fileUrl: f.url, fileOgName: f.name } : undefined
  }
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start)
    await k.transaction().execute(async (trx) => {
      const users = await trx
        .insertInto('users')
        .values(
          Array.from({ length: size }, (_, i) => ({
            account: account(c.competitionId, start + i + 1),
            email: null,
            password_hash: `unusable:${randomBytes(12).toString('hex')}`,
            username: `参赛者${start + i + 1}`,
            nickname: null,
            profile_photo: null,
            money_fen: 0,
            integral: 0,
            created_at: stamp,
          })),
        )
        .returning('id')
        .execute()
      const submitted = (n: number) => n % 2 === 0
      const registrations = await trx
        .insertInto('competition_registrations')
        .values(
          users.map((u, i) => {
            const n = start + i + 1
            return {
              competition_id: c.competitionId,
              user_id: u.id,
              entrant_type: c.entrantTypes[n % c.entrantTypes.length]!.value,
              company_type: c.companyTypes[n % c.companyTypes.length]!.value,
              qt_type: null,
              data: JSON.stringify({
                name: `参赛者${n}`,
                companyName: `示例设计学院${n % 37}（生成）`,
                phone: `137${String(n).padStart(8, '0')}`,
                email: `entrant${n}@example.com`,
                address: `江苏省苏州市姑苏区示例路 ${n} 号（生成）`,
                agree: true,
              }),
              works_count: 1,
              paid_order_id: null,
              paid_at: submitted(n) ? stamp : null,
              finalised_at: submitted(n) ? stamp : null,
              created_at: stamp,
              updated_at: stamp,
            }
          }),
        )
        .returning(['id', 'user_id'])
        .execute()
      await trx
        .insertInto('competition_works')
        .values(
          registrations.map((r, i) => {
            const n = start + i + 1
            const cover = file(n)
            const board = file(n + 1)
            return {
              competition_id: c.competitionId,
              user_id: r.user_id,
              registration_id: r.id,
              base: JSON.stringify({
                worksName: `生成作品 ${n}`,
                range: ranges[n % ranges.length]!.value,
                ...(cover ? { cover } : {}),
                abstract: `第 ${n} 件生成作品的简介：用于测量导出的速度与内存，内容无实际意义。`,
              }),
              info: JSON.stringify({
                designConcept: `第 ${n} 件生成作品的设计说明。`.repeat(8),
                teamMembers: [{ name: '成员甲', role: '结构设计' }],
              }),
              adviser: null,
              property_right: null,
              display_board: board ? JSON.stringify({ displayBoard: [board] }) : null,
              created_at: stamp,
              updated_at: stamp,
              deleted_at: null,
            }
          }),
        )
        .execute()
      const finalised = registrations
        .map((r, i) => ({ ...r, n: start + i + 1 }))
        .filter((r) => submitted(r.n))
      if (!finalised.length) return
      // A block of the year's numbers, reserved in one upsert.
      const reserved = await trx
        .insertInto('competition_receipt_sequences')
        .values({ year, last: finalised.length })
        .onConflict((oc) =>
          oc.column('year').doUpdateSet((eb) => ({
            last: eb('competition_receipt_sequences.last', '+', finalised.length),
          })),
        )
        .returning('last')
        .executeTakeFirstOrThrow()
      const first = Number(reserved.last) - finalised.length + 1
      await trx
        .insertInto('competition_receipts')
        .values(
          finalised.map((r, i) => ({
            registration_id: r.id,
            user_id: r.user_id,
            competition_id: c.competitionId,
            number: receiptNumber(year, first + i),
            works: JSON.stringify([`生成作品 ${r.n}`]),
            notary: 'generated',
            tsa_certificate: '',
            created_at: stamp,
          })),
        )
        .execute()
    })
  }
}
