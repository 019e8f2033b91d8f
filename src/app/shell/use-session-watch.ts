import { useEffect } from 'react'
import { getToken } from '../../lib/token.ts'
import { useUserStore } from '../../stores/user.ts'

/**
 * When a signed-in visitor comes back to the tab, re-checks the session with a normal protected
 * call: if it ended meanwhile (signed out in another tab, expired), the API client's 403 rule takes
 * the visitor to /login instead of leaving a stale avatar on screen.
 */
export function useSessionWatch(): void {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || !getToken() || !useUserStore.getState().name) return
      import('../../api/account.ts')
        .then((api) => api.checkSession())
        .catch(() => {
          // Already handled by the client: message shown or redirected to /login.
        })
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [])
}
