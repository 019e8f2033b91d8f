import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import jsQR from 'jsqr'
import sharp from 'sharp'
import { issueCertificate } from '../../server/services/competition/certificate-records.ts'
import type { apiOf } from './api-client.ts'
import {
  ADVISER,
  DISPLAY_BOARD,
  PROPERTY_RIGHT,
  REGISTRATION,
  uploadSampleFiles,
  WORK_BASE,
  WORK_INFO,
} from './competitions.ts'
import { newPayer } from './payers.ts'
import { tempDir } from './temp-dir.ts'
import { insertVerified } from './users.ts'

/**
 * Competition certificates in tests (README "Competition certificates"): an entrant (verified as
 * VALID_REALNAME's 陈思远, registered as 青禾设计小组) who completes, pays and confirms an entry through
 * the API, and a certificate PDF read back as text and QR code.
 */
export async function confirmedEntrant(
  app: FastifyInstance,
  api: ReturnType<typeof apiOf>,
  competitionId: number,
  /** Other values of the work's forms (a hostile title, say). */
  forms: { workBase?: object; workInfo?: object } = {},
) {
  const payer = await newPayer(app, api, 100_000)
  await uploadSampleFiles(app, payer.userId)
  const post = async (p: string, body: object) => {
    const answer = await api.post(`/api/${p}`, body, payer.token)
    if (answer.code !== 200) throw new Error(`${p}: ${JSON.stringify(answer)}`)
    return answer.data
  }
  await post('tbCompetitionInfo/user/add', { ...REGISTRATION, competitionId })
  const work = await post('works/add', { ...(forms.workBase ?? WORK_BASE), competitionId })
  await post('works/add', { ...(forms.workInfo ?? WORK_INFO), id: work.id, step: 'info' })
  await post('tbCompetitionInfo/works/saveAdviser', { ...ADVISER, id: work.id })
  await post('tbCompetitionInfo/works/updateWorkPropertyRight', { ...PROPERTY_RIGHT, id: work.id })
  await post('tbCompetitionInfo/works/updateDisplayBoard', { ...DISPLAY_BOARD, id: work.id })
  await post('tbCompetitionInfo/pay/4', { competitionId })
  await post('tbCompetitionInfo/auth', { competitionId })
  return payer
}

/** A PDF's text (pdftotext -layout) and the text of the first QR code on its first page. */
export async function readCertificatePdf(pdf: Buffer): Promise<{ text: string; qr: string | null }> {
  const dir = tempDir('certificate-pdf')
  const file = path.join(dir, 'certificate.pdf')
  fs.writeFileSync(file, pdf)
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', file, path.join(dir, 'page')])
  const { data, info } = await sharp(path.join(dir, 'page.png'))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const qr = jsQR(new Uint8ClampedArray(data), info.width, info.height)
  fs.rmSync(dir, { recursive: true, force: true })
  return { text, qr: qr?.data ?? null }
}

/**
 * A finalised registration of `userId` in `competitionId` with its certificate issued and a posting
 * request whose postage is paid, written directly (whatever the competition's phase; the user verified
 * as 陈思远 when not verified yet): for tests of the staff routes that act on them.
 */
export async function seedIssuedCertificate(app: FastifyInstance, userId: number, competitionId: number) {
  const k = app.db.kysely
  const now = new Date().toISOString()
  // A certificate names the verified person: the user is verified first when they are not.
  const verified = await k
    .selectFrom('realname_auths')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!verified) await insertVerified(app, userId, '陈思远')
  const registration = await k
    .insertInto('competition_registrations')
    .values({
      competition_id: competitionId,
      user_id: userId,
      entrant_type: '1',
      company_type: '2',
      qt_type: null,
      data: JSON.stringify({ name: '青禾设计小组' }),
      paid_order_id: null,
      paid_at: null,
      finalised_at: now,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  const c = app.competitions.byId(competitionId)
  if (!c) throw new Error(`no competition ${competitionId}`)
  const certificate = await issueCertificate(k, c, registration)
  await k
    .insertInto('competition_certificate_posts')
    .values({
      user_id: userId,
      competition_id: competitionId,
      address: JSON.stringify({
        userName: '陈思远',
        phone: '13800000001',
        cityId: '320505',
        address: '青石路 1 号',
      }),
      postage_paid: 1,
      created_at: now,
      status: 'paid',
      postage_fen: 1500,
    })
    .execute()
  return certificate
}
