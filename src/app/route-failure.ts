import { isRouteErrorResponse } from 'react-router'

/** How a failed route load reads to the visitor, and how it can be retried. */
export interface RouteFailure {
  /** The page's code is gone (a deploy replaced the build): only a full reload fetches the new one. */
  staleBuild: boolean
  title: string
  detail: string
}

// What browsers say when a lazy chunk cannot be fetched (Chromium, Firefox, Safari), and what Vite's
// preload helper says when a chunk's CSS cannot be.
const CHUNK_FAILED =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload/i

export function describeRouteFailure(error: unknown): RouteFailure {
  if (error instanceof Error && CHUNK_FAILED.test(error.message)) {
    return { staleBuild: true, title: '网站已更新', detail: '网站刚刚发布了新版本，请刷新页面后继续。' }
  }
  const title = '页面加载失败'
  if (isRouteErrorResponse(error))
    return { staleBuild: false, title, detail: `服务器返回 ${error.status}，请稍后重试。` }
  // The API client's errors carry a Chinese message meant for the visitor; anything else is an
  // internal detail (often English) that would only confuse.
  if (error instanceof Error && error.name === 'ApiError')
    return { staleBuild: false, title, detail: error.message }
  return { staleBuild: false, title, detail: '网络异常，请稍后重试。' }
}
