/**
 * What a visitor does first on a page: moving the pointer, touching, scrolling, typing, or moving the
 * focus. Lighthouse's page load and a reader who has not yet moved do none of these.
 */
const USE_EVENTS = [
  'pointermove',
  'pointerdown',
  'touchstart',
  'wheel',
  'scroll',
  'keydown',
  'focusin',
] as const

/** Resolves at the visitor's first use of the page (captured, so any element's scroll counts too). */
export function firstUse(): Promise<void> {
  return new Promise((resolve) => {
    const used = () => {
      for (const type of USE_EVENTS) window.removeEventListener(type, used, true)
      resolve()
    }
    for (const type of USE_EVENTS) window.addEventListener(type, used, { capture: true, passive: true })
  })
}
