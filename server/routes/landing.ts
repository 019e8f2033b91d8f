import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { createdIdSchema } from '../../schemas/api/common.ts'
import { landingPageSchema } from '../../schemas/api/landing.ts'
import { isLandingSignupForm } from '../../schemas/forms/index.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { type BytesReplyProvider, formBody, params, query, replies } from '../lib/route-schema.ts'
import { viewerId } from '../plugins/auth.ts'
import { addLandingSignup } from '../services/landing-signups.ts'

const TAGS = ['活动页面']
/** What an unknown slug is answered, by the page read and by a sign-up alike. */
const NOT_FOUND = '活动页面不存在'

const pageSchema = {
  tags: TAGS,
  summary:
    '活动页面（/application/<slug> 所用）：landing-pages/<slug>.json，include 已展开；启动及每次重新读取定义文件时读入，无需构建或重启；可缓存（ETag，no-cache）；未知页面 code 404',
  params: params({ slug: 100 }),
  querystring: query({}),
  response: replies(landingPageSchema),
} as const

const signupSchema = {
  tags: TAGS,
  summary: '活动页面报名（每个手机号每页一次；登录用户与报名关联）',
  params: params({ slug: 100 }),
  querystring: query({}),
  // Each page names its form (documented here: event-signup, the one every page uses today); the
  // handler validates the body with the page's own form.
  body: formBody('event-signup'),
  response: replies(createdIdSchema),
} as const

/**
 * Campaign pages (/application/<slug>): the page itself, as the server read it from DEFINITIONS_ROOT,
 * and its sign-ups, validated with the page's form schema, one per phone.
 */
export async function landingRoutes(instance: FastifyInstance): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  // The page is sent as bytes prepared once per read of the files (PreparedJson).
  const bytesApp = instance.withTypeProvider<BytesReplyProvider>()
  bytesApp.get(
    '/landing/:slug',
    { schema: pageSchema, compress: false, decompress: false },
    (request, reply) => {
      const page = app.landing.get(request.params.slug)
      if (!page) throw new BusinessError(CODE.notFound, NOT_FOUND)
      return page.reply.sendRevalidated(request, reply)
    },
  )

  app.post('/landing/:slug/signup', { schema: signupSchema }, async (request) => {
    const page = app.landing.get(request.params.slug)
    if (!page) throw new BusinessError(CODE.notFound, NOT_FOUND)
    const signup = page.signups[0]
    // A page may name only a registry form marked landingSignup (the definition check says so too):
    // anything else is no sign-up this server can take.
    if (!signup || !isLandingSignupForm(signup.form))
      throw new BusinessError(CODE.badRequest, '该页面没有开放报名')
    if (signup.closesAt && Date.parse(signup.closesAt) < Date.now())
      throw new BusinessError(CODE.badRequest, '报名已截止')
    const data = parseForm(signup.form, request.body)
    // Signed-in visitors are linked to their sign-up; anyone may sign up.
    const userId = (await viewerId(app, request)) ?? null
    const id = await addLandingSignup(app.db, {
      slug: request.params.slug,
      form: signup.form,
      phone: data.phone,
      data,
      userId,
    })
    if (id === undefined) throw new BusinessError(CODE.badRequest, '该手机号已报名，无需重复提交')
    return ok({ id }, '报名成功')
  })
}
