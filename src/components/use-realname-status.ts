import { useEffect } from 'react'
import { useUserStore } from '../stores/user.ts'

/**
 * Whether the signed-in user is real-name verified: asked of GET /my/getRealNameBo once, then known
 * from the store (verifying in the dialog sets it). Undefined while unknown or signed out.
 */
export function useRealnameStatus(): { userId: number | null; verified: boolean | undefined } {
  const userId = useUserStore((s) => s.userId)
  const verified = useUserStore((s) => s.realnameVerified)
  const setVerified = useUserStore((s) => s.setRealnameVerified)
  useEffect(() => {
    if (!userId || verified !== undefined) return
    let live = true
    import('../api/realname.ts')
      .then((api) => api.getRealNameBo())
      .then((info) => live && setVerified(info.verified))
      .catch(() => {
        // Shown by the API client; the screen keeps offering verification.
      })
    return () => {
      live = false
    }
  }, [userId, verified, setVerified])
  return { userId, verified }
}
