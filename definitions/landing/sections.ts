import { carousel } from './sections/carousel.ts'
import { countdown } from './sections/countdown.ts'
import { cta } from './sections/cta.ts'
import { faq } from './sections/faq.ts'
import { gallery } from './sections/gallery.ts'
import { hero } from './sections/hero.ts'
import { logoWall } from './sections/logo-wall.ts'
import { qrCode } from './sections/qr-code.ts'
import { richText } from './sections/rich-text.ts'
import { signup } from './sections/signup.ts'
import { speakers } from './sections/speakers.ts'
import { stats } from './sections/stats.ts'
import { tabs } from './sections/tabs.ts'
import { timeline } from './sections/timeline.ts'
import { twoColumn } from './sections/two-column.ts'
import { video } from './sections/video.ts'

/**
 * Every section type a landing page (and a competition's index and preview pages) may use. The keys
 * are the `type` names staff write; the type of a section comes from this one map, so a misspelt
 * type fails the typecheck wherever sections are written in code, and the checker names it in JSON.
 * Each type renders with src/engine/landing/sections/<kebab-type>/render.tsx, found by file name.
 */
export const SECTIONS = {
  hero,
  richText,
  gallery,
  carousel,
  video,
  timeline,
  speakers,
  logoWall,
  stats,
  faq,
  cta,
  signup,
  qrCode,
  countdown,
  tabs,
  twoColumn,
} as const

export type SectionType = keyof typeof SECTIONS
type PropsOf<T extends SectionType> = (typeof SECTIONS)[T] extends { defaults: Partial<infer P> } ? P : never

/** A typed section for code (stories, tests): `section('hero', {…})`; a wrong type or prop will not compile. */
export function section<T extends SectionType>(
  type: T,
  props: Partial<PropsOf<T>>,
): { type: T; props: Partial<PropsOf<T>> } {
  return { type, props }
}

export const isSectionType = (type: string): type is SectionType => Object.hasOwn(SECTIONS, type)

/** `logoWall` → `logo-wall`: a section type's folder (and chunk) name in the SPA. */
export const folderOf = (type: string) => type.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
