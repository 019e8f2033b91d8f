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

/**
 * Keeps the last control the visitor taps before the app takes over the page (the header's menu
 * button): it has no handler yet, so the tap — which also starts the app — would do nothing, and the
 * visitor would tap again. `replayWhenLive` stops keeping (from hydrateRoot on, React replays clicks
 * on parts it has not hydrated yet) and clicks the control once the app is live. Links are left
 * alone: the browser follows them as plain links.
 */
export function keepEarlyTap(): { replayWhenLive(): void } {
  let tapped: HTMLElement | undefined
  const onClick = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest('button, [role="button"]') : null
    if (control instanceof HTMLElement && !control.closest('a[href]')) tapped = control
  }
  window.addEventListener('click', onClick, true)
  return {
    replayWhenLive() {
      window.removeEventListener('click', onClick, true)
      const root = document.documentElement
      const replay = () => {
        if (tapped?.isConnected) tapped.click()
      }
      if ('live' in root.dataset) return replay()
      const observer = new MutationObserver(() => {
        if (!('live' in root.dataset)) return
        observer.disconnect()
        replay()
      })
      observer.observe(root, { attributes: true, attributeFilter: ['data-live'] })
    },
  }
}
