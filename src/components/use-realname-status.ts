import { useEffect, useState } from 'react'
import { useUserStore } from '../stores/user.ts'

/**
 * Whether the signed-in user is real-name verified: asked of GET /my/getRealNameBo once, then known
 * from the store (verifying in the dialog sets it). `verified` is undefined while unknown or signed
 * out; `failed` says the question could not be answered, and `retry` asks again.
 */
export function useRealnameStatus() {
  const userId = useUserStore((s) => s.userId)
  const verified = useUserStore((s) => s.realnameVerified)
  const setVerified = useUserStore((s) => s.setRealnameVerified)
  const [failed, setFailed] = useState(false)
  const [round, setRound] = useState(0)
  // `round` is how retry asks again.
  useEffect(() => {
    if (!userId || verified !== undefined) return
    let live = true
    setFailed(false)
    import('../api/realname.ts')
      .then((api) => api.getRealNameBo())
      .then((info) => live && setVerified(info.verified))
      .catch(() => {
        // The API client has shown why; the screen offers to try again.
        if (live) setFailed(true)
      })
    return () => {
      live = false
    }
  }, [userId, verified, setVerified, round])
  return { userId, verified, failed, retry: () => setRound((r) => r + 1) }
}
