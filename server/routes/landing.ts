import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { createdIdSchema } from '../../schemas/api/common.ts'
import { isLandingSignupForm } from '../../schemas/forms/index.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { formBody, params, query, replies } from '../lib/route-schema.ts'
import { viewerId } from '../plugins/auth.ts'
import { addLandingSignup } from '../services/landing-signups.ts'

const signupSchema = {
  tags: ['活动页面'],
  summary: '活动页面报名（每个手机号每页一次；登录用户与报名关联）',
  params: params({ slug: 100 }),
  querystring: query({}),
  // Each page names its form (documented here: event-signup, the one every page uses today); the
  // handler validates the body with the page's own form.
  body: formBody('event-signup'),
  response: replies(createdIdSchema),
} as const

/** Sign-ups from campaign pages (/application/<slug>): validated with the page's form schema, one per phone. */
export async function landingRoutes(instance: FastifyInstance): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  app.post('/landing/:slug/signup', { schema: signupSchema }, async (request) => {
    const page = app.landing.get(request.params.slug)
    if (!page) throw new BusinessError(CODE.notFound, '活动页面不存在')
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
