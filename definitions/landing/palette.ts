/**
 * The colour family a section's bands and buttons take. A page whose banner art is green or purple
 * sets the same `palette` on its hero, countdown, call to action and sign-up form, so those accents
 * follow the page instead of staying site blue. `brand` is the site blue; the others are Chakra's
 * built-in palettes, whose 50–950 shades and solid/contrast tokens the sections read through
 * `colorPalette.*`.
 */
export const PALETTES = ['brand', 'green', 'teal', 'cyan', 'purple', 'pink', 'red', 'orange'] as const
export type Palette = (typeof PALETTES)[number]

/** The `palette` field of a section's props schema. */
export const PALETTE_FIELD = {
  enum: PALETTES,
  description: '主色：与首屏横幅的配色一致（绿色页面写 green，紫色页面写 purple）；不写为网站蓝 brand',
} as const
