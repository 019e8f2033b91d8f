import { type ReactNode, Suspense, use, useId } from 'react'

/** How far below the fold a section starts hydrating, so it is live before it scrolls into view. */
const MARGIN = '300px'
const gates = new Map<string, Promise<void>>()
/** The gates still closed, each with the function that opens it. */
const closed = new Set<() => void>()
/** Set by the first navigation or revalidation: from then on a gate opens as soon as it is made. */
let everythingOpen = false

/**
 * Opens every gate: the app calls it when a navigation or revalidation starts. React runs those as
 * transitions, and a transition that reaches a part still waiting to hydrate (any context change
 * does, the router's location among them) waits for it to hydrate — so until then the new page
 * would not show. That includes parts React has not tried to hydrate yet, whose gates are made only
 * now: they open at once too (the new page replaces the server's markup anyway).
 */
export function hydrateEverything(): void {
  everythingOpen = true
  for (const open of [...closed]) open()
}

/** Resolves when the element comes near the viewport, or as soon as the visitor touches it. */
function whenNeeded(element: Element): Promise<void> {
  if (everythingOpen) return Promise.resolve()
  return new Promise((resolve) => {
    const events = ['pointerdown', 'focusin', 'keydown'] as const
    const done = () => {
      closed.delete(done)
      observer.disconnect()
      for (const type of events) element.removeEventListener(type, done, true)
      resolve()
    }
    closed.add(done)
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
      rootMargin: MARGIN,
    })
    observer.observe(element)
    for (const type of events) element.addEventListener(type, done, true)
  })
}

/**
 * Holds back the hydration of server-rendered content until it nears the viewport: React keeps the
 * server's markup (content, layout) meanwhile, and the code and the work of hydrating it wait until a
 * visitor may use it. On the server and in pages rendered by the browser, it is a no-op. It must sit
 * inside a Suspense boundary; `anchor` is a useId() value that an element around the boundary
 * carries as `data-hydrate`, the same on both sides. Content below it must not depend on state that
 * changes before it hydrates (the signed-in user): it would no longer match the server's markup.
 */
export function HydrationGate({
  anchor,
  prepare,
  children,
}: {
  anchor: string
  /**
   * Loads what the content needs before it hydrates (its code), so it hydrates in one go: a part
   * still waiting for its code when an enclosing context changes is thrown away and drawn again.
   */
  prepare?: () => Promise<unknown>
  children: ReactNode
}) {
  if (import.meta.env.SSR || typeof IntersectionObserver === 'undefined') return children
  let gate = gates.get(anchor)
  if (!gate) {
    const element = document.querySelector(`[data-hydrate="${CSS.escape(anchor)}"]`)
    // No server markup for this section (a page rendered in the browser): nothing to wait for.
    if (!element) return children
    gate = whenNeeded(element).then(async () => {
      await prepare?.()
    })
    gates.set(anchor, gate)
  }
  use(gate)
  return children
}

/** Content below the fold that hydrates only when it nears the viewport (the footer, later sections). */
export function DeferredHydration({ children }: { children: ReactNode }) {
  const anchor = useId()
  return (
    // A box of its own: an IntersectionObserver never reports an element without one (display: contents).
    <div data-hydrate={anchor}>
      <Suspense fallback={null}>
        <HydrationGate anchor={anchor}>{children}</HydrationGate>
      </Suspense>
    </div>
  )
}
