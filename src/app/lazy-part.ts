import { type ComponentType, lazy } from 'react'

const Missing = () => null

/**
 * React.lazy for an optional part of the shell (toaster, partner carousel, avatar dropdown, mobile
 * menu, real-name dialogs). If its chunk cannot load — typically gone after a deploy — the part is
 * left out instead of the error reaching the root boundary, which would take the header, footer and
 * page down with it. A reload brings it back with the new build.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint React.lazy puts on its components.
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      console.warn('A part of the page could not be loaded:', error)
      return { default: Missing as unknown as T }
    }),
  )
}
