import { randomBytes } from 'node:crypto'
import type { FastifyInstance, InjectOptions } from 'fastify'
import type { RouteEntry } from '../../server/plugins/api-docs.ts'
import { createSession } from '../../server/services/sessions.ts'
import { FIXTURE_IDS } from './competitions.ts'
import { DEMO } from './test-app.ts'
import { multipartFile, uploadFile } from './uploads.ts'
import { insertUser } from './users.ts'
import { VALID_FORMS } from './valid-forms.ts'

/**
 * A valid request for any route of the catalog, built from the route's own schema: path, query and
 * body fields get values this server accepts (by field name), a form body its valid sample, file
 * fields files the user really uploaded. A route new to the catalog gets one too — refused perhaps, as
 * a new route's checks may want more, but never skipped. A few routes need state prepared first (a
 * code sent, an unverified account): `prepare` below does that for them.
 */

/** A competition in its registration phase (tests/fixtures/competitions). */
const COMPETITION_ID = FIXTURE_IDS['fee-default']

/** Field values by name, for path parameters, query strings and JSON bodies alike. */
const FIELD_VALUES: Record<string, unknown> = {
  slug: 'signup-open',
  key: 'user',
  id: 1,
  method: '4',
  provider: 'sandbox',
  number: 'KB00000000',
  competitionId: COMPETITION_ID,
  tbCompetitionId: COMPETITION_ID,
  formKey: 'registration',
  data: { name: '青禾设计小组' },
  keyword: '设计',
  pageNum: 1,
  pageSize: 10,
  addressId: 1,
  source: 'cert',
  step: 'base',
}

/** The form a handler-read body holds, for routes whose schema does not name it (competition steps). */
const ROUTE_FORMS: Record<string, keyof typeof VALID_FORMS> = {
  'POST /api/tbCompetitionInfo/user/add': 'competition-registration',
  'POST /api/tbCompetitionInfo/QT/user/add': 'competition-qt-registration',
  'POST /api/works/add': 'competition-work-base',
  'POST /api/2025QT/works/add': 'competition-work-base',
  'POST /api/ZCCK/works/add': 'competition-work-base',
  'POST /api/QT/work/saveWorkInfo': 'competition-work-info',
  'POST /api/tbCompetitionInfo/works/updateWorkPropertyRight': 'competition-property-right',
  'POST /api/tbCompetitionInfo/works/updateDisplayBoard': 'competition-display-board',
  'POST /api/tbCompetitionInfo/works/saveAdviser': 'competition-adviser',
}

type Schema = { properties?: Record<string, { format?: string }>; required?: string[] } & Record<
  string,
  unknown
>

const propertiesOf = (schema: unknown) => Object.keys((schema as Schema | undefined)?.properties ?? {})

/** Bytes that pass the upload's type check for an extension, unique each time (a new stored file). */
function fileBytes(ext: string): Buffer {
  const heads: Record<string, number[]> = {
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    jpg: [0xff, 0xd8, 0xff, 0xe0],
    jpeg: [0xff, 0xd8, 0xff, 0xe0],
    pdf: [0x25, 0x50, 0x44, 0x46, 0x2d],
  }
  return Buffer.concat([Buffer.from(heads[ext] ?? []), randomBytes(64)])
}

/** Replaces every {fileUrl} in a form sample with a file of the same extension this user uploaded. */
async function withOwnFiles(app: FastifyInstance, token: string, value: unknown): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((v) => withOwnFiles(app, token, v)))
  if (!value || typeof value !== 'object') return value
  const entries = await Promise.all(
    Object.entries(value).map(async ([name, v]) => {
      if (name === 'fileUrl' && typeof v === 'string') {
        const ext = v.split('.').pop() ?? 'png'
        const res = await uploadFile(app, token, `burst.${ext}`, fileBytes(ext))
        return [name, res.json().data?.url ?? v]
      }
      return [name, await withOwnFiles(app, token, v)]
    }),
  )
  return Object.fromEntries(entries)
}

export interface RequestUser {
  id: number
  token: string
  account: string
}

/** A new account with a phone number (not verified, no balance), signed in. */
export async function newUser(app: FastifyInstance): Promise<RequestUser> {
  const account = `139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`
  await insertUser(app, account, DEMO.password, `用户${account.slice(-4)}`)
  return signedIn(app, account)
}

export async function signedIn(app: FastifyInstance, account: string): Promise<RequestUser> {
  const { id } = await app.db.kysely
    .selectFrom('users')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow()
  return { id, account, token: await createSession(app.db.kysely, id, 3600_000) }
}

/** The code the sandbox SMS provider queued last for a phone. */
async function lastCode(app: FastifyInstance, phone: string): Promise<string> {
  const row = await app.db.kysely
    .selectFrom('sms_outbox')
    .select('body')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  return /\d{6}/.exec(row.body)?.[0] ?? '000000'
}

/**
 * Routes whose valid request needs state first: whom it is sent as (the verified demo designer by
 * default) and what its body holds.
 */
const PREPARE: Record<
  string,
  (app: FastifyInstance) => Promise<{ user?: RequestUser; body?: Record<string, unknown> }>
> = {
  // An unverified account: the real-name check writes its row (a burst races for the user's key).
  'POST /api/my/realNameAuth': async (app) => ({ user: await newUser(app) }),
  'POST /api/register': async (app) => {
    const account = `137${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`
    await app.inject({
      method: 'POST',
      url: '/api/register/sendCode',
      payload: { account },
      remoteAddress: '198.51.100.1',
    })
    return { body: { ...VALID_FORMS['sign-up'], account, code: await lastCode(app, account) } }
  },
  'POST /api/password/reset': async (app) => {
    const user = await newUser(app)
    await app.inject({
      method: 'POST',
      url: '/api/password/sendCode',
      payload: { phone: user.account },
      remoteAddress: '198.51.100.2',
    })
    const code = await lastCode(app, user.account)
    return { body: { ...VALID_FORMS['password-reset'], phone: user.account, code } }
  },
  'POST /api/password/sendCode': async (app) => ({ body: { phone: (await newUser(app)).account } }),
  'POST /api/register/sendCode': async () => ({
    body: { account: `136${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}` },
  }),
  'POST /api/login': async (app) => {
    const user = await newUser(app)
    return { body: { account: user.account, password: DEMO.password, logInSource: 2 } }
  },
  // A new phone each time: the burst races for one sign-up.
  'POST /api/landing/:slug/signup': async () => ({
    body: {
      ...VALID_FORMS['event-signup'],
      phone: `135${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`,
    },
  }),
}

/**
 * One valid request for `route`, the same every time it is sent (identical copies make a burst).
 * Multipart routes get one small file; every other body is JSON.
 */
export async function validRequest(app: FastifyInstance, route: RouteEntry): Promise<InjectOptions> {
  const key = `${route.method} ${route.url}`
  const prepared = (await PREPARE[key]?.(app)) ?? {}
  const user = prepared.user ?? (await signedIn(app, DEMO.designer))
  const url = route.url.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(String(FIELD_VALUES[name] ?? '1')),
  )
  const query = propertiesOf(route.schema?.querystring)
    .filter((name) => name !== 'token' && name in FIELD_VALUES)
    .map((name) => `${name}=${encodeURIComponent(String(FIELD_VALUES[name]))}`)
    .join('&')
  const headers: Record<string, string> = { authorization: user.token }
  const request: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: query ? `${url}?${query}` : url,
    headers,
  }
  if (route.method === 'GET' || route.method === 'HEAD') return request
  const bodySchema = route.schema?.body as Schema | undefined
  const declared = propertiesOf(bodySchema)
  if (declared.some((name) => bodySchema?.properties?.[name]?.format === 'binary')) {
    const { payload, headers: multipartHeaders } = multipartFile('burst.png', fileBytes('png'))
    return { ...request, payload, headers: { ...headers, ...multipartHeaders } }
  }
  const formName = (bodySchema?.['x-form'] as keyof typeof VALID_FORMS | undefined) ?? ROUTE_FORMS[key]
  const form = formName ? await withOwnFiles(app, user.token, VALID_FORMS[formName]) : {}
  const fields = Object.fromEntries(
    declared.filter((name) => name in FIELD_VALUES).map((name) => [name, FIELD_VALUES[name]]),
  )
  const payload = { ...fields, ...(form as Record<string, unknown>), ...prepared.body }
  return {
    ...request,
    payload: JSON.stringify(payload),
    headers: { ...headers, 'content-type': 'application/json' },
  }
}
