import { SECTIONS } from './section-map.ts'

/**
 * Every section type a landing page (and a competition's index and preview pages) may use: the map
 * is generated (`npm run generate`) from the files of definitions/landing/sections/, one per type,
 * whose camel-case names are the `type` names staff write. The type of a section comes from this one
 * map, so a misspelt type fails the typecheck wherever sections are written in code, and the checker
 * names it in JSON. Each type renders with src/engine/landing/sections/<kebab-type>/render.tsx,
 * found by file name. Adding a type: its file here, its render folder there, `npm run generate`.
 */
export { SECTIONS }

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
