import { useEffect, useState } from 'react'
import { useRenderInstant } from '../../../../lib/render-clock.ts'

/**
 * The current time, ticking every second until `until`; the timer stops then and on unmount. It
 * starts from the page's render instant, so the server's markup and the hydrating browser agree.
 */
export function useNow(until: number): number {
  const [now, setNow] = useState(useRenderInstant())
  const running = now < until
  useEffect(() => {
    if (!running) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [running])
  return now
}
