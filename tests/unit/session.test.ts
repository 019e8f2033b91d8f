// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { http } from '../../src/api/http.ts'
import { ensureUserLoaded } from '../../src/app/session.ts'
import { VERIFICATION_FAILED_MSG } from '../../src/lib/constants.ts'
import { getToken, removeToken, setToken } from '../../src/lib/token.ts'
import { useUserStore } from '../../src/stores/user.ts'
import { recordingSink } from './recording-sink.ts'

afterEach(() => {
  removeToken()
  useUserStore.getState().reset()
})

describe('router user check (SPEC §4 Login, §8)', () => {
  it('loads the user when a token is present but no name', async () => {
    const res = await http.post('/login', { account: '13800000001', password: 'Kabu2026!', logInSource: 2 })
    setToken(res.data.data.token)
    await ensureUserLoaded()
    expect(useUserStore.getState()).toMatchObject({
      name: '思远设计',
      userId: expect.any(Number),
      avatar: 'avatars/designer-01.svg',
    })
  })

  it('on failure clears the token, shows the message and redirects to /index', async () => {
    const sink = recordingSink()
    setToken('not-a-live-token')
    const thrown = await ensureUserLoaded().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).headers.get('Location')).toBe('/index')
    expect(getToken()).toBeUndefined()
    expect(sink.shown.map((m) => m.message)).toEqual([VERIFICATION_FAILED_MSG])
  })

  it('does nothing without a token', async () => {
    await expect(ensureUserLoaded()).resolves.toBeUndefined()
    expect(useUserStore.getState().name).toBe('')
  })
})
