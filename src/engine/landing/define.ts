import type { ComponentType } from 'react'

/** A JSON Schema object describing a section's props (draft 2020-12 subset; see landing-pages/README.md). */
export type PropsSchema = {
  type: 'object'
  properties: Record<string, unknown>
  required?: readonly string[]
} & Record<string, unknown>

/**
 * One section type: what its props look like (schema, for editors, checks and the page schema),
 * what it starts from (defaults, merged under the page's props) and how it renders (loaded on
 * demand, so a page loads only the section types it uses).
 */
export interface SectionDefinition<P = Record<string, unknown>> {
  /** Shown to staff in errors and the README. */
  label: string
  schema: PropsSchema
  defaults: Partial<P>
  load: () => Promise<{ default: ComponentType<P> }>
}

export function defineSection<P>(definition: SectionDefinition<P>): SectionDefinition<P> {
  return definition
}

/** Where a nested section list (tabs, two columns) points in the generated page schema. */
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

export interface Image {
  src: string
  alt: string
  width: number
  height: number
}

export interface Action {
  label: string
  href: string
  variant?: 'primary' | 'secondary'
}

/** A section as written in a page: its type and props, or an include of shared sections. */
export type SectionEntry =
  | { type: string; props?: Record<string, unknown>; id?: string }
  | { include: string }
