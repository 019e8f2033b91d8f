import { createContext, useContext } from 'react'

/**
 * The instant a server-rendered page was rendered, shared by the server's render and the browser's
 * hydration so that time-dependent markup (a countdown, a closed sign-up, the footer's year) is the
 * same on both sides; null when the app started in the browser. It never changes while the page is
 * open, so a component that shows time renders its first frame from it and moves to the real clock
 * in an effect (see the countdown's useNow).
 */
export const RenderClock = createContext<number | null>(null)

/** The time a component's first render uses: the page's render instant, or the clock. */
export function useRenderInstant(): number {
  return useContext(RenderClock) ?? Date.now()
}
