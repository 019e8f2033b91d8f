import type { SystemContext } from '@chakra-ui/react'

/**
 * A server-rendered page arrives with Chakra's global CSS (reset, base styles, token variables) in a
 * `<style data-emotion="css-global <name>">` tag. Handing ChakraProvider's <Global> a pre-serialised
 * stand-in with that name makes emotion adopt the tag as it is, so the browser neither builds the
 * ~50 KB of CSS again (createSystem's largest cost, made lazy by vite.config.ts) nor serialises it.
 * `name` comes from the page's data block; a page without the tag builds the CSS as usual.
 */
export function adoptServerGlobalCss(system: SystemContext, name: string | undefined): void {
  if (!name || !document.querySelector(`style[data-emotion="css-global ${CSS.escape(name)}"]`)) return
  Object.defineProperty(system, '_global', { value: { name, styles: '' }, configurable: true })
}
