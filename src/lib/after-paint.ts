/**
 * Runs `callback` once the browser has painted the current frame: a frame callback runs just before
 * the paint, and a task queued from it runs after. For work that must not weigh on first paint.
 * Returns a cancel function (for effect clean-up).
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: number | undefined
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(callback, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    if (timer !== undefined) window.clearTimeout(timer)
  }
}
