import type { ComponentType } from 'react'
import { folderOf, type SectionType, SECTIONS as SPECS } from '../../../definitions/landing/sections.ts'

export { isSectionType, type SectionType, section } from '../../../definitions/landing/sections.ts'

type RendererModule = { default: ComponentType<never> }

// A section type renders with sections/<kebab-type>/render.tsx: found by name, so adding a type means
// its spec in the definitions core and its folder here, and no list to edit. Each is its own chunk.
const renderFiles = import.meta.glob<RendererModule>('./sections/*/render.tsx')

/** Every section type with its spec (label, schema, defaults) and its lazy renderer. */
export const SECTIONS = Object.fromEntries(
  Object.entries(SPECS).map(([type, spec]) => {
    const load = renderFiles[`./sections/${folderOf(type)}/render.tsx`]
    if (!load)
      throw new Error(`section type ${type} has no renderer at sections/${folderOf(type)}/render.tsx`)
    return [type, { ...spec, load }]
  }),
) as { [T in SectionType]: (typeof SPECS)[T] & { load: () => Promise<RendererModule> } }
