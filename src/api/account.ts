import { LOGIN_SOURCE } from '../lib/constants.ts'
import { getData, postData } from './http.ts'

/** SPEC §3 "User info". */
export interface UserInfo {
  id: number
  username: string
  nickname: string
  profilePhoto: string
}

export const login = (account: string, password: string) =>
  postData<{ token: string }>('/login', { account, password, logInSource: LOGIN_SOURCE.account })

/**
 * The signed-in user. The router's user check handles its own failure (SPEC §8: clear the token, go to
 * /index), so this call does not take the 403 → /login path.
 */
export const getUserBase = () => getData<UserInfo>('/my/getUserBase', { skipAuthRedirect: true })

export const logout = () => postData<void>('/logout')

/** A protected call that follows every §8 rule, 403 → /login included. */
export const checkSession = () => getData<UserInfo>('/my/getUserBase')

/** Sends a password-reset code by SMS (the server answers the same whether or not the phone has an account). */
export const sendResetCode = (phone: string) => postData<void>('/password/sendCode', { phone })

export const resetPassword = (form: Record<string, unknown>) => postData<void>('/password/reset', form)
