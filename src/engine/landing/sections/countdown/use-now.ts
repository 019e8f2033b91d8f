import { useEffect, useState } from 'react'

/** The current time, ticking every second until `until`; the timer stops then and on unmount. */
export function useNow(until: number): number {
  const [now, setNow] = useState(() => Date.now())
  const running = now < until
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [running])
  return now
}
