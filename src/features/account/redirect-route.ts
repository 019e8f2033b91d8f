import { redirect } from 'react-router'
import { paths } from '../../lib/paths.ts'
import { safeRedirectPath } from '../../lib/safe-url.ts'
import { setToken } from '../../lib/token.ts'
import { useUserStore } from '../../stores/user.ts'

/**
 * /redirect?token&url (SPEC §2): stores the token and goes to url. The user itself is loaded by the
 * router's user check on the next navigation, which also handles a bad token.
 */
export function loader({ request }: { request: Request }) {
  const query = new URL(request.url).searchParams
  const token = query.get('token')
  if (token) {
    setToken(token)
    useUserStore.getState().reset()
  }
  return redirect(safeRedirectPath(query.get('url'), paths.home))
}
