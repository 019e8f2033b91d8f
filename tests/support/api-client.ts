import type { FastifyInstance } from 'fastify'
import { DEMO } from './test-app.ts'

/** Small helpers over fastify.inject for the server suites. */
export function apiOf(app: FastifyInstance) {
  const login = async (
    account: string = DEMO.designer,
    password: string = DEMO.password,
  ): Promise<string> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { account, password, logInSource: 2 },
    })
    const token = res.json().data?.token
    if (!token) throw new Error(`login failed: ${res.body}`)
    return token
  }
  const get = async (url: string, token?: string) =>
    (await app.inject({ url, headers: token ? { authorization: token } : {} })).json()
  const post = async (url: string, payload: unknown, token?: string) =>
    (
      await app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: token ? { authorization: token } : {},
      })
    ).json()
  return { login, get, post }
}
