import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False on the server and while a server-rendered page hydrates, true once React runs the page. A
 * form's fields and submit button wait for it: submitted before its code runs, the browser would send
 * the form itself (a GET with the password or the sign-up's personal data in the address), and text
 * typed before hydration would be replaced by the form's empty state.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
