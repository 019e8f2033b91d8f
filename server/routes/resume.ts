import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { type Resume, resumeViewSchema } from '../../schemas/api/resume.ts'
import { RESUME_REGION_LEVELS, type ResumeForm } from '../../schemas/forms/resume.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { fileReplies, formBody, MEDIA, query, replies, SIGNED_IN } from '../lib/route-schema.ts'
import { requireUser } from '../plugins/auth.ts'
import { MadeOnce } from '../services/pdf/made-once.ts'
import { loadResume, saveResume } from '../services/resumes.ts'
import { bufferOf } from '../workers/pool.ts'

const NO_RESUME = '还没有填写简历'
const PDF_LIMIT = { windowMs: 60_000, max: 10 } as const

const schemas = {
  get: {
    tags: ['个人简历'],
    summary: '我的简历（未填写时 data 为 null）',
    security: SIGNED_IN,
    querystring: query({}),
    response: replies(resumeViewSchema),
  },
  save: {
    tags: ['个人简历'],
    summary: '保存我的简历',
    security: SIGNED_IN,
    querystring: query({}),
    body: formBody('resume'),
    response: replies(),
  },
  pdf: {
    tags: ['个人简历'],
    summary: '导出我的简历（A4 PDF，内嵌思源黑体）',
    security: SIGNED_IN,
    querystring: query({}),
    response: fileReplies('PDF 文件', [MEDIA.pdf]),
  },
} as const

/** The personal area's résumé (SPEC §2 /mine/cv, /mine/cvself): each user reads and writes only theirs. */
export async function resumeRoutes(instance: FastifyInstance): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const load = (userId: number) => loadResume(app.db, userId)
  const cityNames = (resume: ResumeForm) =>
    resume.cityId ? app.reference.regionPath(resume.cityId).map((p) => p.name) : []

  app.get('/my/resume', { preValidation: requireUser, schema: schemas.get }, async (request) => {
    const resume = await load(request.userId)
    const data: Resume | null = resume ? { ...resume, cityNames: cityNames(resume) } : null
    return ok(data)
  })

  app.post('/my/resume', { preValidation: requireUser, schema: schemas.save }, async (request) => {
    const form = parseForm('resume', request.body)
    if (form.cityId && !app.reference.isSelectableRegion(form.cityId, RESUME_REGION_LEVELS))
      throw new BusinessError(CODE.badRequest, '请选择有效的所在城市')
    await saveResume(app.db, request.userId, form)
    return ok(undefined, '简历已保存')
  })

  // Drawn in a worker thread, once per content (an unchanged résumé is sent as kept), and a user may
  // have 10 new ones made a minute.
  const pdfs = new MadeOnce(app.rateLimits)
  // A download link: the owner is known by the session cookie.
  const pdfRoute = { preValidation: requireUser, schema: schemas.pdf, config: { sessionCookie: true } }
  app.get('/my/resume/pdf', pdfRoute, async (request, reply) => {
    const resume = await load(request.userId)
    if (!resume) throw new BusinessError(CODE.notFound, NO_RESUME)
    const names = cityNames(resume)
    const pdf = await pdfs.get(
      `${request.userId}|${JSON.stringify(resume)}|${names.join(' ')}`,
      {
        key: `resume-pdf:user:${request.userId}`,
        limit: PDF_LIMIT,
        refused: () => new BusinessError(CODE.tooMany, '导出过于频繁，请稍后再试'),
      },
      async () => bufferOf(await app.workers.run('resumePdf', { resume, cityNames: names })),
    )
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header(
        'content-disposition',
        `attachment; filename="resume.pdf"; filename*=UTF-8''${encodeURIComponent(`${resume.realName.toWellFormed()}-简历.pdf`)}`,
      )
      .send(pdf)
  })
}
