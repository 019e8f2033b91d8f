import { DEMO } from './test-app.ts'

/** The envelope every API answers, with the fields the instance tests read. */
export interface Answer {
  code: number
  msg?: string
  data?: { token?: string; verified?: boolean; identity?: string } & Record<string, unknown>
}

/**
 * The API of a server running in its own process (an instance, tests/support/child-server.ts), over
 * real HTTP: a JSON POST when there is a body, a GET otherwise.
 */
export async function callInstance(port: number, url: string, body?: object, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, body: (await res.json()) as Answer }
}

/** Signs `account` in on the instance at `port`; answers its token. */
export async function signInOn(port: number, account: string, password: string = DEMO.password) {
  const { body } = await callInstance(port, '/api/login', { account, password, logInSource: 2 })
  if (!body.data?.token) throw new Error(`login failed: ${JSON.stringify(body)}`)
  return body.data.token
}
