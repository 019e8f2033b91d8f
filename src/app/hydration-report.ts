import type { ErrorInfo } from 'react'
import { HYDRATION_REPORT_MAX as MAX } from '../../schemas/api/site.ts'
import { API_BASE } from '../lib/constants.ts'

let reported = false

/**
 * React's onRecoverableError for a hydrating page. React recovers by rendering the page again in the
 * browser, and by default says so only in this browser's console; this also tells the server once per
 * visit (page, React's message with its arguments, the component stack), so that a page whose server
 * render differs from the browser's is found from the log instead of from luck.
 */
export function reportRecoverableError(error: unknown, info: ErrorInfo): void {
  // React's own default, kept: the error in the console and the page's error event.
  if (typeof reportError === 'function') reportError(error)
  else console.error(error)
  if (reported || typeof navigator.sendBeacon !== 'function') return
  reported = true
  const report = {
    page: `${location.pathname}${location.search}`.slice(0, MAX.page),
    message: String(error instanceof Error ? error.message : error).slice(0, MAX.message),
    ...(info.componentStack && { componentStack: info.componentStack.slice(0, MAX.componentStack) }),
  }
  // A beacon outlives the page (a visitor may leave at once) and never holds it up.
  navigator.sendBeacon(
    `${API_BASE}/client/hydration-mismatch`,
    new Blob([JSON.stringify(report)], { type: 'application/json' }),
  )
}
