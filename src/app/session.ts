import { redirect } from 'react-router'
import { VERIFICATION_FAILED_MSG } from '../lib/constants.ts'
import { notify } from '../lib/notify.ts'
import { paths } from '../lib/paths.ts'
import { getToken, removeToken } from '../lib/token.ts'
import { useUserStore } from '../stores/user.ts'

/**
 * The router's user check (SPEC §4 Login): a token without a loaded name fetches the user; on failure
 * the token is cleared, the error shown, and the visitor sent to /index.
 */
export async function ensureUserLoaded(): Promise<void> {
  if (!getToken() || useUserStore.getState().name) return
  try {
    // Loaded on demand: an anonymous visitor's first paint needs no HTTP client.
    const { getUserBase } = await import('../api/account.ts')
    useUserStore.getState().setUser(await getUserBase())
  } catch {
    removeToken()
    useUserStore.getState().reset()
    notify(VERIFICATION_FAILED_MSG, 'error')
    throw redirect(paths.index.path)
  }
}

/**
 * Forgets the session here first, then on the server: a call still on its way with the old token is
 * then known to be about a session the visitor ended (the API client ignores its refusal).
 */
export async function signOut(): Promise<void> {
  const token = getToken()
  removeToken()
  useUserStore.getState().reset()
  if (!token) return
  try {
    await (await import('../api/account.ts')).logout(token)
  } catch {
    // The server session may already be gone; signing out locally is what matters.
  }
}

/** Code 403 anywhere: the token is dead, so drop it before showing the sign-in page. */
export function forgetSession(): void {
  removeToken()
  useUserStore.getState().reset()
}
