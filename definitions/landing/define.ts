/** A JSON Schema object describing a section's props (draft 2020-12 subset; see landing-pages/README.md). */
export type PropsSchema = {
  type: 'object'
  properties: Record<string, unknown>
  required?: readonly string[]
} & Record<string, unknown>

/**
 * One section type as the core knows it: what its props look like (schema, for editors, checks and
 * the page schema) and what it starts from (defaults, merged under the page's props). How it renders
 * is the SPA's business: src/engine/landing/sections/<kebab-type>/render.tsx.
 */
export interface SectionDefinition<P = Record<string, unknown>> {
  /** Shown to staff in errors and the README. */
  label: string
  schema: PropsSchema
  defaults: Partial<P>
}

export function defineSection<P>(definition: SectionDefinition<P>): SectionDefinition<P> {
  return definition
}

/**
 * A nested section list (tabs, two columns): the walker (definitions/landing/walk.ts) finds every
 * property whose schema is this, so a new container section needs no change anywhere else.
 */
export const SECTION_LIST = { type: 'array', items: { $ref: '#/$defs/section' } } as const

/** Image fields: local files only, with their size so the page does not jump while they load. */
export const IMAGE = {
  type: 'object',
  properties: {
    src: {
      type: 'string',
      pattern: '^/(?!/)',
      description: '站内图片路径，如 /landing/my-event/hero.jpg（不允许外链）',
    },
    alt: { type: 'string', minLength: 1, description: '图片的文字说明（读屏和加载失败时显示）' },
    width: { type: 'integer', minimum: 1 },
    height: { type: 'integer', minimum: 1 },
  },
  required: ['src', 'alt', 'width', 'height'],
  additionalProperties: false,
} as const

/** Buttons and links: inside the portal (/…) or an https address. */
export const ACTION = {
  type: 'object',
  properties: {
    label: { type: 'string', minLength: 1 },
    href: {
      type: 'string',
      pattern: '^(/|https://|#)',
      description: '站内路径（/…）、页内锚点（#…）或 https 链接',
    },
    variant: { enum: ['primary', 'secondary'], default: 'primary' },
  },
  required: ['label', 'href'],
  additionalProperties: false,
} as const

export type { Image } from './types.ts'

export interface Action {
  label: string
  href: string
  variant?: 'primary' | 'secondary'
}

export type { SectionEntry } from './types.ts'
