/** An image as written in a definition: a local file with its size. */
export interface Image {
  src: string
  alt: string
  width: number
  height: number
}

/** A section as written in a page: its type and props, or an include of shared sections. */
export type SectionEntry =
  | { type: string; props?: Record<string, unknown>; id?: string }
  | { include: string }

/** A landing page as written in landing-pages/<slug>.json (see landing-pages/README.md). */
export interface LandingPageDefinition {
  $schema?: string
  /** The competition (competitions/<name>.json) whose facts its text binds: {{pay.fee}} and the like. */
  competition?: string
  title: string
  description: string
  shareImage?: Image
  sections: SectionEntry[]
}

/**
 * The page's share card, drawn from its hero and title by scripts/draw-share-image.ts (share cards
 * take no SVG); a page's own `shareImage` wins.
 */
export const shareCardOf = (slug: string) => `/landing/_share/${slug}.jpg`

export const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]*$/
