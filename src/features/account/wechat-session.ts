/**
 * What /wxlogin leaves for /authorizeWx in this tab: the state it asked for (a reply carrying another
 * state did not start here) and where to go afterwards.
 */
const STATE_KEY = 'kb_wx_state'
const RETURN_KEY = 'kb_wx_return'

export function rememberWechatStart(state: string, returnUrl: string | null): void {
  sessionStorage.setItem(STATE_KEY, state)
  if (returnUrl) sessionStorage.setItem(RETURN_KEY, returnUrl)
  else sessionStorage.removeItem(RETURN_KEY)
}

/**
 * Reads and forgets the start. `expected` is undefined when this tab started no sign-in — the QR code
 * was opened on another device, where only the server's signature on the state can vouch for it.
 */
export function takeWechatStart(): { expected: string | undefined; returnUrl: string | null } {
  const expected = sessionStorage.getItem(STATE_KEY) ?? undefined
  const returnUrl = sessionStorage.getItem(RETURN_KEY)
  sessionStorage.removeItem(STATE_KEY)
  sessionStorage.removeItem(RETURN_KEY)
  return { expected, returnUrl }
}
