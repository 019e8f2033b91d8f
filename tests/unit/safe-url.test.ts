import { describe, expect, it } from 'vitest'
import { isExternalUrl, safeRedirectPath } from '../../src/lib/safe-url.ts'

describe('safeRedirectPath', () => {
  it.each([
    ['/mine?change=Info', '/mine?change=Info'],
    ['%2Fmine%3Fchange%3DInfo', '/mine?change=Info'],
    ['https://evil.example/', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
    [null, '/'],
  ])('%s → %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected)
  })

  it('tells external menu links from internal ones', () => {
    expect(isExternalUrl('https://www.example.com')).toBe(true)
    expect(isExternalUrl('/designer/index')).toBe(false)
  })
})
