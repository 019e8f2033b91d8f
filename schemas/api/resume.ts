import { type ResumeForm, resumeSchema } from '../forms/resume.ts'

// The personal area's résumé (SPEC §2 /mine/cv). How to add a type: schemas/api/json.ts.

/**
 * GET /my/resume data: the résumé form (schemas/forms/resume.ts) with its city's names, or null before
 * the first save. Its properties are the form's, so the type comes from the form's schema rather than
 * from this one (which lists the form's fields by type only and requires none of them).
 */
export const resumeViewSchema = {
  type: 'object',
  nullable: true,
  description: '简历表单（schemas/forms/resume）与所在城市名；未填写时为 null',
  properties: {
    ...Object.fromEntries(Object.entries(resumeSchema.properties).map(([key, p]) => [key, { type: p.type }])),
    cityNames: { type: 'array', items: { type: 'string' } },
  },
} as const
export type Resume = ResumeForm & { cityNames: string[] }
