import type { Image, SectionEntry } from './define.ts'

/** A landing page as written in landing-pages/<slug>.json (see landing-pages/README.md). */
export interface LandingPageDefinition {
  $schema?: string
  title: string
  description: string
  shareImage?: Image
  sections: SectionEntry[]
}

/** A shared fragment in landing-pages/_shared/<name>.json, pulled into pages with {"include": "<name>"}. */
export interface LandingFragment {
  $schema?: string
  sections: SectionEntry[]
}

export const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]*$/
