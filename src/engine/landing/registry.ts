import { carousel } from './sections/carousel/index.ts'
import { countdown } from './sections/countdown/index.ts'
import { cta } from './sections/cta/index.ts'
import { faq } from './sections/faq/index.ts'
import { gallery } from './sections/gallery/index.ts'
import { hero } from './sections/hero/index.ts'
import { logoWall } from './sections/logo-wall/index.ts'
import { qrCode } from './sections/qr-code/index.ts'
import { richText } from './sections/rich-text/index.ts'
import { signup } from './sections/signup/index.ts'
import { speakers } from './sections/speakers/index.ts'
import { stats } from './sections/stats/index.ts'
import { tabs } from './sections/tabs/index.ts'
import { timeline } from './sections/timeline/index.ts'
import { twoColumn } from './sections/two-column/index.ts'
import { video } from './sections/video/index.ts'

/**
 * Every section type a landing page may use. The keys are the `type` names staff write; the type of
 * a section comes from this one map, so a misspelt type fails the typecheck wherever sections are
 * written in code, and `npm run check:definitions` names it in JSON.
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
