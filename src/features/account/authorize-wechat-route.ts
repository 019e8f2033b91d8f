import { type LoaderFunctionArgs, redirect } from 'react-router'
import { getUserBase, wechatLogin } from '../../api/account.ts'
import { notify } from '../../lib/notify.ts'
import { paths } from '../../lib/paths.ts'
import { safeRedirectPath } from '../../lib/safe-url.ts'
import { setToken } from '../../lib/token.ts'
import { useUserStore } from '../../stores/user.ts'
import { takeWechatStart } from './wechat-session.ts'

const FAILED = '微信登录失败，请重新扫码'

/**
 * /authorizeWx?code&state (SPEC §2, §6): completes a WeChat sign-in. A failure — no code (denied), a
 * state this tab did not ask for, or a refusal by the server — goes to /login (SPEC §6).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (import.meta.env.SSR) return null
  const query = new URL(request.url).searchParams
  const code = query.get('code')
  const state = query.get('state')
  const { expected, returnUrl } = takeWechatStart()
  if (!code || !state || (expected !== undefined && expected !== state)) {
    notify(FAILED, 'error')
    throw redirect(paths.login.path)
  }
  try {
    const { token } = await wechatLogin(code, state)
    setToken(token)
    useUserStore.getState().setUser(await getUserBase())
  } catch {
    // The API client has shown why.
    throw redirect(paths.login.path)
  }
  throw redirect(safeRedirectPath(returnUrl, paths.home.path))
}
