import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { eventPagePaths } from '../../definitions/events/types.ts'
import { createdIdSchema } from '../../schemas/api/common.ts'
import {
  checkInResultSchema,
  EVENTS_API,
  eventEntrySchema,
  eventViewSchema,
  hubListSchema,
} from '../../schemas/api/events.ts'
import { isLandingSignupForm } from '../../schemas/forms/index.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { formBody, params, query, replies } from '../lib/route-schema.ts'
import { requireUser } from '../plugins/auth.ts'
import { addEventEntry, checkIn, eventEntryOf } from '../services/event-entries.ts'
import {
  checkInRefusal,
  type EventRegistry,
  eventState,
  eventStateLabel,
  formPhaseRange,
  hubItems,
  type LoadedEventPage,
  submitRefusal,
} from '../services/events.ts'
import { publishedCompetitionIds } from '../services/results/published.ts'

const TAGS = ['活动页']
/** Entries a user may attempt per hour across all events (each event keeps one entry per user). */
const SUBMIT_LIMIT = { windowMs: 3600_000, max: 20 }
/** Check-ins one address may make in ten minutes: a venue's shared Wi-Fi checks many people in. */
const CHECK_IN_LIMIT = { windowMs: 600_000, max: 60 }
/** Check-ins one phone may attempt in ten minutes (a repeat counts too). */
const CHECK_IN_PHONE_LIMIT = { windowMs: 600_000, max: 5 }

const slugParams = params({ slug: 64 })

/**
 * Event pages (events/<slug>.json, README "活动页"): the hub's list, each event's page data, its online
 * form's entries (signed in, one per user, inside the form's dates) and on-site check-in (anyone, one
 * per phone, on the event's dates).
 */
export async function eventRoutes(instance: FastifyInstance, opts: { events: EventRegistry }): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const { events } = opts
  const found = (slug: string): LoadedEventPage => {
    const event = events.get(slug)
    if (!event) throw new BusinessError(CODE.notFound, '活动不存在')
    return event
  }

  app.get(
    EVENTS_API.hub,
    {
      schema: {
        tags: TAGS,
        summary: '赛事活动总览：全部赛事与活动，进行中在前，其次即将开始、已结束',
        querystring: query({}),
        response: replies(hubListSchema),
      },
    },
    async () =>
      ok(
        hubItems(
          app.competitions.all(),
          events.all(),
          Date.now(),
          await publishedCompetitionIds(app.db.kysely),
        ),
      ),
  )

  app.get(
    EVENTS_API.page(':slug'),
    {
      schema: {
        tags: TAGS,
        summary: '活动页内容：定义（共享区块已展开）、当前状态、报名与签到是否开放',
        params: slugParams,
        querystring: query({}),
        response: replies(eventViewSchema),
      },
    },
    async (request) => {
      const { slug, definition, sections } = found(request.params.slug)
      const now = Date.now()
      const state = eventState(definition, now)
      const submitClosed = definition.submit ? submitRefusal(definition, now) : undefined
      const checkInClosed = definition.checkIn ? checkInRefusal(definition, now) : undefined
      return ok({
        ...definition,
        $schema: undefined,
        slug,
        sections,
        state,
        stateLabel: eventStateLabel(definition, now),
        dates: formPhaseRange(definition.startsAt, definition.endsAt),
        ...(definition.submit
          ? { submitDates: formPhaseRange(definition.submit.opensAt, definition.submit.closesAt) }
          : {}),
        ...(submitClosed ? { submitClosed } : {}),
        ...(checkInClosed ? { checkInClosed } : {}),
        pages: eventPagePaths(definition),
      })
    },
  )

  app.get(
    EVENTS_API.entry(':slug'),
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: '我在该活动的报名（未报名时为 null）',
        params: slugParams,
        querystring: query({}),
        response: replies(eventEntrySchema),
      },
    },
    async (request) => {
      const { slug } = found(request.params.slug)
      return ok((await eventEntryOf(app.db.kysely, slug, request.userId)) ?? null)
    },
  )

  app.post(
    EVENTS_API.submit(':slug'),
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: '提交活动报名（登录用户每个活动一次，仅在报名时间内）',
        params: slugParams,
        querystring: query({}),
        // Each event names its form (event-signup for every event today); the handler validates with it.
        body: formBody('event-signup'),
        response: replies(createdIdSchema),
      },
    },
    async (request) => {
      const { slug, definition } = found(request.params.slug)
      const refusal = submitRefusal(definition, Date.now())
      if (refusal || !definition.submit || !isLandingSignupForm(definition.submit.form))
        throw new BusinessError(CODE.badRequest, refusal ?? '该活动没有在线报名')
      const form = definition.submit.form
      const data = parseForm(form, request.body)
      // Claimed before the insert, so a burst cannot pass a count made afterwards.
      const claim = await app.rateLimits.claim(`events:submit:user:${request.userId}`, SUBMIT_LIMIT)
      if (!claim.allowed) throw new BusinessError(CODE.tooMany, '提交过于频繁，请稍后再试')
      const id = await addEventEntry(app.db.kysely, {
        slug,
        userId: request.userId,
        form,
        phone: data.phone,
        data,
      })
      if (id === undefined) throw new BusinessError(CODE.conflict, '你已报名该活动，无需重复提交')
      return ok({ id }, '报名成功')
    },
  )

  app.post(
    EVENTS_API.checkIn(':slug'),
    {
      schema: {
        tags: TAGS,
        summary: '现场签到（扫码后填写姓名和手机号；同一手机号重复签到时返回首次签到时间）',
        params: slugParams,
        querystring: query({}),
        body: formBody('event-check-in'),
        response: replies(checkInResultSchema),
      },
    },
    async (request) => {
      const { slug, definition } = found(request.params.slug)
      const refusal = checkInRefusal(definition, Date.now())
      if (refusal) throw new BusinessError(CODE.badRequest, refusal)
      const data = parseForm('event-check-in', request.body)
      const claim = await app.rateLimits.claimAll([
        [`events:check-in:address:${request.ip}`, CHECK_IN_LIMIT],
        [`events:check-in:phone:${slug}:${data.phone}`, CHECK_IN_PHONE_LIMIT],
      ])
      if (!claim.allowed) throw new BusinessError(CODE.tooMany, '签到过于频繁，请稍后再试')
      const result = await checkIn(app.db.kysely, { slug, name: data.name, phone: data.phone })
      return ok(
        { ...result, eventTitle: definition.title },
        result.repeat ? '你已签到过，无需重复签到' : '签到成功',
      )
    },
  )
}
