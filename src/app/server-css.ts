import type { SystemContext } from '@chakra-ui/react'
import createCache, { type EmotionCache } from '@emotion/cache'

/**
 * Server-rendered CSS that the browser adopts where it lies.
 *
 * A public page arrives with its critical CSS in `<style>` tags: Chakra's global CSS (reset, base
 * styles, token variables, ~50 KB) and the classes the page uses. Marked the way emotion marks them
 * (`data-emotion`), emotion's browser side moves each tag twice as it starts: once when its cache is
 * created and again when the cache and Chakra's <Global> hydrate. Every move makes the browser drop
 * and re-add a stylesheet and recompute the style and layout of the whole page, ~0.2 s of main
 * thread on a throttled phone. So the tags carry their own attribute, which emotion does not look
 * for, and the browser's cache is told which class names they already hold.
 */
const ATTRIBUTE = 'data-server-css'

/** What @emotion/server's extractCriticalToChunks finds in a page: the CSS per cache key. */
interface CriticalChunk {
  key: string
  ids: string[]
  css: string
}

/** The page's critical CSS as style tags, on the server. */
export const serverStyleTags = (chunks: readonly CriticalChunk[]): string =>
  chunks
    .map(({ key, ids, css }) => `<style ${ATTRIBUTE}="${[key, ...ids].join(' ')}">${css}</style>`)
    .join('')

/**
 * In the browser: an emotion cache (key `css`, as on the server) that knows the classes already on
 * the page, so hydration inserts none of them again. When the page carries Chakra's global CSS under
 * `globalCssName` (sent in the page's data block), ChakraProvider's two <Global>s get empty
 * stand-ins, so the browser neither builds that CSS (createSystem's largest cost, made lazy by
 * scripts/vite/chakra-patches.ts) nor inserts it a second time.
 */
export function adoptServerCss(system: SystemContext, globalCssName: string | undefined): EmotionCache {
  const cache = createCache({ key: 'css' })
  let globalCssPresent = false
  for (const tag of document.querySelectorAll(`style[${ATTRIBUTE}]`)) {
    const [key, ...names] = (tag.getAttribute(ATTRIBUTE) ?? '').split(' ')
    if (key === cache.key) for (const name of names) cache.inserted[name] = true
    if (key === `${cache.key}-global` && globalCssName && names.includes(globalCssName))
      globalCssPresent = true
  }
  if (globalCssPresent) {
    Object.defineProperty(system, '_global', {
      value: { name: globalCssName, styles: '' },
      configurable: true,
    })
    // The cascade layer order is declared by its own server tag, first in <head>.
    Object.defineProperty(system, 'layers', { value: { ...system.layers, atRule: '' }, configurable: true })
  }
  return cache
}
