import axios, { type AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios'
import { API_BASE, CODE, HTTP_TIMEOUT_MS, TOKEN_INVALID_MSG } from '../lib/constants.ts'
import { isNotifying, notify } from '../lib/notify.ts'
import { paths } from '../lib/paths.ts'
import { getToken } from '../lib/token.ts'
import { hooks } from './http-hooks.ts'
import { describeFailure } from './http-messages.ts'

/** The §7 envelopes. */
export interface Envelope<T> {
  code: number
  msg: string
  data: T
}
export interface TableEnvelope<T> {
  code: number
  msg: string
  rows: T[]
  total: number
}

/** Error raised for every failed call; message is the server msg (or the transport's). */
export class ApiError extends Error {
  readonly code: number | undefined
  constructor(message: string, code?: number) {
    super(message)
    this.name = 'ApiError'
    this.code = code
  }
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the 403 → /login rule for this call; the caller handles failure itself (the router's user check). */
    skipAuthRedirect?: boolean
    /**
     * Body codes that only write a console log for this call: no toast, no redirect. SPEC §8: a 401
     * on the work detail (whose view shows its own state) is logged and nothing more.
     */
    logOnlyCodes?: ReadonlyArray<number>
    /** The stored token this call was sent with (set by the client; undefined for an override or none). */
    sentWithStoredToken?: string
  }
}

export const http = axios.create({ baseURL: API_BASE, timeout: HTTP_TIMEOUT_MS })

http.interceptors.request.use((config) => {
  // A token parameter on the request overrides the stored one (SPEC §6).
  const override = (config.params as Record<string, unknown> | undefined)?.token
  const overridden = typeof override === 'string' && override
  const token = overridden ? override : getToken()
  if (!overridden) config.sentWithStoredToken = token
  // A caller may name the session itself (signing out sends the token it has just forgotten).
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', token)
  return config
})

/**
 * A refusal of a session this tab has since ended or replaced (logged out, signed in again while the
 * call was on its way) says nothing about the current visitor: no message, no trip to /login.
 */
const aboutAnEndedSession = (config?: AxiosRequestConfig): boolean =>
  !!config?.sentWithStoredToken && config.sentWithStoredToken !== getToken()

/** Body codes 200 and 301 are success (SPEC §8); anything else is an error. */
export const isSuccessCode = (code: number): boolean => code === CODE.ok || code === CODE.moved

const isEnvelope = (body: unknown): body is { code: number; msg?: string } =>
  typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number'

/** SPEC §8, applied to a body whose code is not 200/301. Always rejects. */
function rejectBody(body: { code: number; msg?: string }, config?: AxiosRequestConfig): Promise<never> {
  const message = body.msg || 'Error'
  if (config?.logOnlyCodes?.includes(body.code)) {
    console.log(`${config.url ?? ''}: ${body.code} ${message}`)
    return Promise.reject(new ApiError(message, body.code))
  }
  if (body.code === CODE.unauthorized && aboutAnEndedSession(config)) {
    return Promise.reject(new ApiError(message, body.code))
  }
  // The token message is not shown: the visitor is simply taken to sign in.
  if (message !== TOKEN_INVALID_MSG && !isNotifying()) notify(message, 'error')
  if (
    body.code === CODE.unauthorized &&
    !config?.skipAuthRedirect &&
    hooks.currentPath() !== paths.login.path
  ) {
    hooks.onUnauthorized()
  }
  return Promise.reject(new ApiError(message, body.code))
}

http.interceptors.response.use(
  (response: AxiosResponse) => {
    const body: unknown = response.data
    // Files and other non-envelope bodies pass through untouched.
    if (!isEnvelope(body)) return response
    if (isSuccessCode(body.code)) return response
    return rejectBody(body, response.config)
  },
  (error: AxiosError) => {
    // An HTTP error that still carries an envelope (e.g. an unknown /api path) is read as a body.
    if (isEnvelope(error.response?.data)) return rejectBody(error.response.data, error.config)
    const { code, message } = describeFailure(error)
    // A bare status (a proxy's page) follows the body-code rules, so a bare 403 also leads to sign-in.
    if (code !== undefined) return rejectBody({ code, msg: message }, error.config)
    // A call its caller cancelled is no failure to show.
    if (error.code !== 'ERR_CANCELED') notify(message, 'error')
    return Promise.reject(new ApiError(message))
  },
)

/** GET returning the envelope's data. */
export async function getData<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  const response = await http.get<Envelope<T>>(url, config)
  return response.data.data
}

/** POST returning the envelope's data. */
export async function postData<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  const response = await http.post<Envelope<T>>(url, body, config)
  return response.data.data
}

/** GET of a paged list: {rows, total}. */
export async function getTable<T>(
  url: string,
  config?: AxiosRequestConfig,
): Promise<{ rows: T[]; total: number }> {
  const response = await http.get<TableEnvelope<T>>(url, config)
  return { rows: response.data.rows, total: response.data.total }
}
