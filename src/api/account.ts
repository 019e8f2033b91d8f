import type {
  HandoffInfo,
  HandoffLink,
  InviteInfo,
  SessionToken,
  UserInfo,
  WechatAuthorize,
} from '../../schemas/api/account.ts'
import type { Resume } from '../../schemas/api/resume.ts'
import { LOGIN_SOURCE } from '../lib/constants.ts'
import { getData, postData } from './http.ts'

export type { InviteInfo, Resume, UserInfo }

export const login = (account: string, password: string) =>
  postData<SessionToken>('/login', { account, password, logInSource: LOGIN_SOURCE.account })

/**
 * The signed-in user. The router's user check handles its own failure (SPEC §8: clear the token, go to
 * /index), so this call does not take the 403 → /login path.
 */
export const getUserBase = () => getData<UserInfo>('/my/getUserBase', { skipAuthRedirect: true })

/** Ends the session `token` on the server; the caller has already forgotten it here. */
export const logout = (token: string) =>
  postData<void>('/logout', undefined, { headers: { Authorization: token }, skipAuthRedirect: true })

/** A protected call that follows every §8 rule, 403 → /login included. */
export const checkSession = () => getData<UserInfo>('/my/getUserBase')

/** Sends a password-reset code by SMS (the server answers the same whether or not the phone has an account). */
export const sendResetCode = (phone: string) => postData<void>('/password/sendCode', { phone })

export const resetPassword = (form: Record<string, unknown>) => postData<void>('/password/reset', form)

/** Sends a sign-up code to a phone or an email (answered the same whether or not it has an account). */
export const sendRegisterCode = (account: string) => postData<void>('/register/sendCode', { account })

/** Signs up and signs in: answers the new session's token. */
export const register = (form: Record<string, unknown>) => postData<SessionToken>('/register', form)

export const updateProfile = (form: Record<string, unknown>) => postData<void>('/my/updateProfile', form)

export const changePassword = (form: Record<string, unknown>) => postData<void>('/my/changePassword', form)

/** GET /my/getInviteInfo (SPEC §7 Account). */
export const getInviteInfo = () => getData<InviteInfo>('/my/getInviteInfo')

/** GET /wx/authorize: the WeChat authorisation page's address (shown as a QR code) and its state. */
export const getWechatAuthorize = () => getData<WechatAuthorize>('/wx/authorize')

/** WeChat sign-in (SPEC §6 source 1): the code and state /authorizeWx received. */
export const wechatLogin = (code: string, state: string) =>
  postData<SessionToken>('/login', { code, state, logInSource: LOGIN_SOURCE.wechat })

/** GET /my/resume: the résumé form with its city's names, or null before the first save. */
export const getResume = () => getData<Resume | null>('/my/resume')
export const saveResume = (form: Record<string, unknown>) => postData<void>('/my/resume', form)
/** The A4 PDF of one's own résumé; the sign-in cookie goes with a same-site download. */
export const RESUME_PDF_URL = '/api/my/resume/pdf'

/** A one-time link (2 minutes) that signs another device in and opens `url` there (SPEC §2 /redirect). */
export const createHandoffLink = (url: string) => postData<HandoffLink>('/my/handoff', { url })

/** Whom a hand-off code would sign in (masked); spends nothing. */
export const getHandoffInfo = (code: string) =>
  getData<HandoffInfo>('/handoff/info', { params: { code }, skipAuthRedirect: true })

/** Signs in with a hand-off code after the visitor confirmed: the new session's token. */
export const redeemHandoff = (code: string) => postData<SessionToken>('/handoff/redeem', { code })
