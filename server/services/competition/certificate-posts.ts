import type { Kysely, Selectable } from 'kysely'
import { certificateSettings } from '../../../definitions/competition/certificate.ts'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { CertificatePost, PostStatus, StaffCertificatePost } from '../../../schemas/api/competition.ts'
import { formatYuan, type PayMethod } from '../../../schemas/payment.ts'
import type { CompetitionCertificatePostTable, Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { nowIso } from '../../lib/time.ts'
import { COMPETITION_MSG as M, toId } from '../competition-entries.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import type { MessageSender } from '../messages.ts'
import { type CheckoutDeps, checkout } from '../payment/checkout.ts'
import { POSTAGE_ALREADY_PAID, postageProduct } from '../payment/orders.ts'
import type { ReferenceData } from '../reference-data.ts'
import { writeAudit } from '../staff/audit.ts'
import { findAccount } from '../staff/roles.ts'
import { issueCertificate } from './certificate-records.ts'
import { certifiedEntry } from './certificates.ts'

/**
 * Posting the paper certificate (README "Competition certificates", SPEC §7 /logistics/*): the
 * entrant asks with one of their addresses (a snapshot is kept), pays the postage through the one
 * checkout unless the definition posts free (certificate.freePostage), and organisers mark it shipped
 * with carrier and tracking number, which tells the entrant through the message outbox.
 * requested → paid (postage paid, or free) → shipped.
 */
export const POST_MSG = {
  notFree: '本赛事的纸质证书需付邮费，请使用付费邮寄申请',
  shipped: '证书已寄出，不能再修改邮寄地址',
  noRequest: '该参赛者没有申请邮寄证书',
  unpaid: '邮费尚未支付，不能标记寄出',
  alreadyPaid: POSTAGE_ALREADY_PAID,
} as const

type PostRow = Selectable<CompetitionCertificatePostTable>

const statusOf = (row: Pick<PostRow, 'status'>): PostStatus =>
  row.status === 'paid' || row.status === 'shipped' ? row.status : 'requested'

function postView(row: PostRow, title: string): CertificatePost {
  return {
    competitionId: row.competition_id,
    competitionTitle: title,
    // The address snapshot requestPost wrote: an object of the address form's fields.
    address: JSON.parse(row.address) as CertificatePost['address'],
    postagePaid: row.postage_paid === 1,
    createTime: row.created_at,
    status: statusOf(row),
    postage: formatYuan(row.postage_fen ?? 0),
    orderNumber: row.order_number,
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    shippedAt: row.shipped_at,
  }
}

const postOf = (db: Kysely<Database>, userId: number, competitionId: number) =>
  db
    .selectFrom('competition_certificate_posts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('competition_id', '=', competitionId)
    .executeTakeFirst()

/**
 * Records (or moves to another of the user's addresses, until shipped) the posting of the user's
 * certificate. One row per entrant and competition: a burst of requests upserts the one row.
 */
export async function requestPost(
  db: Kysely<Database>,
  deps: { registry: CompetitionRegistry; reference: ReferenceData },
  userId: number,
  input: { competitionId: unknown; addressId: unknown; free: boolean },
): Promise<{ c: Competition; row: PostRow }> {
  const { c, registration } = await certifiedEntry(db, deps.registry, userId, input.competitionId)
  const settings = certificateSettings(c)
  if (input.free && !settings.freePostage) throw new BusinessError(CODE.badRequest, POST_MSG.notFree)
  const id = toId(input.addressId)
  const address =
    id === undefined
      ? undefined
      : await db
          .selectFrom('addresses')
          .selectAll()
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst()
  if (!address) throw new BusinessError(CODE.notFound, M.addressNotFound)
  // The paper copy is of the current certificate: issue it now if the entrant never opened it.
  await issueCertificate(db, c, registration)
  const before = await postOf(db, userId, c.competitionId)
  if (before?.status === 'shipped') throw new BusinessError(CODE.badRequest, POST_MSG.shipped)
  const snapshot = JSON.stringify({
    userName: address.user_name,
    phone: address.phone,
    cityId: address.city_id,
    cityNames: deps.reference.regionPath(address.city_id).map((r) => r.name),
    address: address.address,
  })
  const free = settings.freePostage
  await db
    .insertInto('competition_certificate_posts')
    .values({
      user_id: userId,
      competition_id: c.competitionId,
      address: snapshot,
      postage_paid: 0,
      created_at: nowIso(),
      status: free ? 'paid' : 'requested',
      postage_fen: free ? 0 : settings.postage,
    })
    // A new address for a request not yet posted; the postal state stays as it is.
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'competition_id'])
        .doUpdateSet({ address: snapshot })
        .where('competition_certificate_posts.status', 'is distinct from', 'shipped'),
    )
    .execute()
  const row = await postOf(db, userId, c.competitionId)
  if (!row) throw new BusinessError(CODE.badRequest, POST_MSG.shipped)
  if (row.address !== snapshot) throw new BusinessError(CODE.badRequest, POST_MSG.shipped)
  return { c, row }
}

/** Pays a requested posting's postage through the one checkout (balance, QR or online cashier). */
export async function payPostage(
  deps: CheckoutDeps,
  c: Competition,
  row: PostRow,
  input: { userId: number; method: PayMethod; origin: string; basePath: string },
) {
  if (statusOf(row) !== 'requested') throw new BusinessError(CODE.badRequest, POST_MSG.alreadyPaid)
  return checkout(deps, {
    userId: input.userId,
    product: postageProduct(c.competitionId, c.title, row.postage_fen ?? certificateSettings(c).postage),
    method: input.method,
    origin: input.origin,
    returnPath: `${input.basePath}mine?change=Competition`,
  })
}

export const postViewOf = (c: Competition, row: PostRow) => postView(row, c.title)

/** The user's certificate posting requests, latest first (of one competition when given). */
export async function certificatePosts(
  db: Kysely<Database>,
  userId: number,
  competitionId?: number,
): Promise<CertificatePost[]> {
  let mine = db
    .selectFrom('competition_certificate_posts as p')
    .innerJoin('competitions as c', 'c.id', 'p.competition_id')
    .selectAll('p')
    .select('c.title')
    .where('p.user_id', '=', userId)
  if (competitionId !== undefined) mine = mine.where('p.competition_id', '=', competitionId)
  const rows = await mine.orderBy('p.id', 'desc').execute()
  return rows.map((r) => postView(r, r.title))
}

/** A competition's posting requests for its organisers, oldest first (the order to post them in). */
export async function postsForStaff(
  db: Kysely<Database>,
  c: Competition,
  status?: PostStatus,
): Promise<StaffCertificatePost[]> {
  let q = db
    .selectFrom('competition_certificate_posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('competition_certificates as cc', (join) =>
      join
        .onRef('cc.user_id', '=', 'p.user_id')
        .onRef('cc.competition_id', '=', 'p.competition_id')
        .on('cc.current_registration_id', 'is not', null),
    )
    .selectAll('p')
    .select(['u.account', 'u.username', 'cc.number', 'cc.fields'])
    .where('p.competition_id', '=', c.competitionId)
  if (status === 'requested')
    q = q.where((eb) => eb.or([eb('p.status', '=', 'requested'), eb('p.status', 'is', null)]))
  else if (status) q = q.where('p.status', '=', status)
  const rows = await q.orderBy('p.id', 'asc').execute()
  return rows.map((r) => ({
    id: r.id,
    account: r.account,
    entrant: r.fields ? (JSON.parse(r.fields) as { entrant: string }).entrant : r.username,
    certificateNumber: r.number,
    post: postView(r, c.title),
  }))
}

/**
 * Marks an entrant's certificate shipped (or corrects its carrier and tracking number), with an
 * audit entry in the same transaction. Only the request whose update changed the row writes the
 * entry and sends the message: a burst of one mark-shipped tells the entrant once.
 */
export async function markShipped(
  db: Kysely<Database>,
  messages: MessageSender,
  c: Competition,
  input: { actorId: number; account: string; carrier: string; trackingNumber: string },
): Promise<{ changed: boolean; row: PostRow }> {
  const user = await findAccount(db, input.account)
  const before = await postOf(db, user.id, c.competitionId)
  if (!before) throw new BusinessError(CODE.notFound, POST_MSG.noRequest)
  if (statusOf(before) === 'requested') throw new BusinessError(CODE.badRequest, POST_MSG.unpaid)
  const changed = await db.transaction().execute(async (trx) => {
    const at = nowIso()
    const done = await trx
      .updateTable('competition_certificate_posts')
      .set({
        status: 'shipped',
        carrier: input.carrier,
        tracking_number: input.trackingNumber,
        shipped_at: at,
      })
      .where('id', '=', before.id)
      .where((eb) =>
        eb.or([
          eb('status', 'is distinct from', 'shipped'),
          eb('carrier', 'is distinct from', input.carrier),
          eb('tracking_number', 'is distinct from', input.trackingNumber),
        ]),
      )
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) !== 1) return false
    await writeAudit(trx, {
      actorId: input.actorId,
      action: 'certificate.ship',
      targetType: 'certificate_post',
      targetId: before.id,
      competitionId: c.competitionId,
      detail: {
        account: user.account,
        before: { status: statusOf(before), carrier: before.carrier, trackingNumber: before.tracking_number },
        after: { status: 'shipped', carrier: input.carrier, trackingNumber: input.trackingNumber },
      },
    })
    return true
  })
  const row = (await postOf(db, user.id, c.competitionId))!
  if (changed)
    await messages.send(user.account, {
      subject: `${c.title} 证书已寄出`,
      body: shippedMessage(c.title, input.carrier, input.trackingNumber),
    })
  return { changed, row }
}

/** The text the entrant receives when their certificate ships. */
export const shippedMessage = (title: string, carrier: string, tracking: string) =>
  `【咖簿网】您的“${title}”纸质证书已寄出：${carrier}，运单号 ${tracking}。可在 我的—我的赛事 查看。`
