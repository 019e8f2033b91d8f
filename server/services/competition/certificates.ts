import type { Kysely } from 'kysely'
import { formatPhase } from '../../../definitions/competition/phases.ts'
import type { CertificatePost, CompetitionCertificate } from '../../../schemas/api/competition.ts'
import type { Db } from '../../db/connect.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { nowIso } from '../../lib/time.ts'
import {
  findRegistration,
  liveWorks,
  COMPETITION_MSG as M,
  registrationData,
  toId,
  workView,
} from '../competition-entries.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import type { ReferenceData } from '../reference-data.ts'
import { competitionOf } from './lookup.ts'

/** The participation certificate of a finalised entry, once results are out. */
async function certificateWithCompetition(
  db: Kysely<Database>,
  registry: CompetitionRegistry,
  userId: number,
  competitionId: unknown,
) {
  const c = competitionOf(registry, competitionId)
  if (Date.now() < Date.parse(c.phases.results))
    throw new BusinessError(CODE.badRequest, M.noCertificateYet(formatPhase(c.phases.results)))
  const row = await findRegistration(db, userId, c.competitionId)
  if (!row?.finalised_at) throw new BusinessError(CODE.badRequest, M.noCertificate)
  const user = await db
    .selectFrom('users')
    .select('username')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const data = registrationData(row)
  const works = await liveWorks(db, userId, c.competitionId)
  const certificate: CompetitionCertificate = {
    number: `KBC${c.competitionId}-${String(row.id).padStart(6, '0')}`,
    name: typeof data.name === 'string' ? data.name : user.username,
    competitionId: c.competitionId,
    competitionTitle: c.title,
    year: c.year,
    works: works.map((w) => workView(c, w).worksName),
    issuedAt: c.phases.results,
  }
  return { c, certificate }
}

export const certificateOf = async (
  { kysely: db }: Db,
  registry: CompetitionRegistry,
  userId: number,
  competitionId: unknown,
): Promise<CompetitionCertificate> =>
  (await certificateWithCompetition(db, registry, userId, competitionId)).certificate

/** Records (or moves to another of the user's addresses) the posting of a certificate. */
export async function requestPost(
  { kysely: db }: Db,
  deps: { registry: CompetitionRegistry; reference: ReferenceData },
  userId: number,
  input: { competitionId: unknown; addressId: unknown; postagePaid: boolean },
): Promise<CertificatePost> {
  const { c } = await certificateWithCompetition(db, deps.registry, userId, input.competitionId)
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
  const snapshot = {
    userName: address.user_name,
    phone: address.phone,
    cityId: address.city_id,
    cityNames: deps.reference.regionPath(address.city_id).map((r) => r.name),
    address: address.address,
  }
  const now = nowIso()
  const values = { address: JSON.stringify(snapshot), postage_paid: input.postagePaid ? 1 : 0 }
  await db
    .insertInto('competition_certificate_posts')
    .values({ ...values, user_id: userId, competition_id: c.competitionId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'competition_id']).doUpdateSet(values))
    .execute()
  return {
    competitionId: c.competitionId,
    competitionTitle: c.title,
    address: snapshot,
    postagePaid: input.postagePaid,
    createTime: now,
  }
}

/** The user's certificate posting requests, latest first (of one competition when given). */
export async function certificatePosts(
  { kysely: db }: Db,
  userId: number,
  competitionId?: number,
): Promise<CertificatePost[]> {
  let mine = db
    .selectFrom('competition_certificate_posts as p')
    .innerJoin('competitions as c', 'c.id', 'p.competition_id')
    .select(['p.competition_id', 'c.title', 'p.address', 'p.postage_paid', 'p.created_at'])
    .where('p.user_id', '=', userId)
  if (competitionId !== undefined) mine = mine.where('p.competition_id', '=', competitionId)
  const rows = await mine.orderBy('p.id', 'desc').execute()
  return rows.map(
    (r): CertificatePost => ({
      competitionId: r.competition_id,
      competitionTitle: r.title,
      // The address snapshot this service wrote (requestPost): an object of the form's fields.
      address: JSON.parse(r.address) as CertificatePost['address'],
      postagePaid: r.postage_paid === 1,
      createTime: r.created_at,
    }),
  )
}
