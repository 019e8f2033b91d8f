import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/http.ts'
import { describeRouteFailure } from '../../src/app/route-failure.ts'

// What the in-page error (src/app/page-error.tsx) tells the visitor; the e2e suite shows it in the
// browser (tests/e2e/page-error.test.ts). Here: every browser's words for a missing chunk.

describe('reading a failed route load', () => {
  it.each([
    ['Chromium', 'Failed to fetch dynamically imported module: https://x/assets/agreement-page-abc.js'],
    ['Firefox', 'error loading dynamically imported module: https://x/assets/agreement-page-abc.js'],
    ['Safari', 'Importing a module script failed.'],
    ['Vite preload', 'Unable to preload CSS for /assets/form-abc.css'],
  ])('a chunk missing after a deploy (%s) asks for a reload', (_browser, message) => {
    expect(describeRouteFailure(new TypeError(message))).toEqual({
      staleBuild: true,
      title: '网站已更新',
      detail: '网站刚刚发布了新版本，请刷新页面后继续。',
    })
  })

  it('shows the API client’s Chinese message for a failed data load', () => {
    expect(describeRouteFailure(new ApiError('网络连接失败，请检查网络'))).toEqual({
      staleBuild: false,
      title: '页面加载失败',
      detail: '网络连接失败，请检查网络',
    })
  })

  it('never shows an internal (English) error to the visitor', () => {
    const failure = describeRouteFailure(new TypeError("Cannot read properties of undefined (reading 'x')"))
    expect(failure).toMatchObject({
      staleBuild: false,
      title: '页面加载失败',
      detail: '网络异常，请稍后重试。',
    })
  })
})
