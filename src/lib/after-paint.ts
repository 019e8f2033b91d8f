/**
 * Runs `callback` once the browser has painted the current frame: a frame callback runs just before
 * the paint, and a task queued from it runs after. For work that must not weigh on first paint.
 * Returns a cancel function (for effect clean-up).
 */
function afterNextPaint(callback: () => void): () => void {
  let timer: number | undefined
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(callback, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    if (timer !== undefined) window.clearTimeout(timer)
  }
}

const FCP = 'first-contentful-paint'
/** If the browser never reports a paint (a background tab), deferred work still starts. */
const FALLBACK_MS = 4000

/**
 * Runs `callback` once the page has shown its first content (the browser's first-contentful-paint
 * entry), or on the next painted frame where paint timing is unavailable. Deferring to the next
 * frame alone is not enough on first load: the first frames may paint only the loading screen.
 */
export function afterFirstPaint(callback: () => void): () => void {
  const supported =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')
  if (!supported || performance.getEntriesByName(FCP).length) return afterNextPaint(callback)
  let cancelNext: (() => void) | undefined
  const start = () => {
    observer.disconnect()
    window.clearTimeout(fallback)
    cancelNext ??= afterNextPaint(callback)
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName(FCP).length) start()
  })
  observer.observe({ type: 'paint', buffered: true })
  const fallback = window.setTimeout(start, FALLBACK_MS)
  return () => {
    observer.disconnect()
    window.clearTimeout(fallback)
    cancelNext?.()
  }
}
