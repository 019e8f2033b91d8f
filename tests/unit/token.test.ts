// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { TOKEN_COOKIE } from '../../src/lib/constants.ts'
import { getToken, removeToken, setToken } from '../../src/lib/token.ts'

describe('token cookie', () => {
  it('stores, reads and clears the token in the kb_member_token cookie', () => {
    expect(TOKEN_COOKIE).toBe('kb_member_token')
    setToken('abc/def+=')
    expect(document.cookie).toContain('kb_member_token=')
    expect(getToken()).toBe('abc/def+=')
    removeToken()
    expect(getToken()).toBeUndefined()
  })
})
