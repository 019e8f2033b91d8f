import { useCallback, useEffect, useState } from 'react'

export interface Loaded<T> {
  data: T | undefined
  /** Set when the last load failed (the API client has already shown the message). */
  failed: boolean
  loading: boolean
  reload(): void
}

/**
 * Data a private screen loads after it renders: loading, failed and loaded states, and a reload.
 * An answer that arrives after the inputs changed (or the screen left) is dropped.
 */
export function useLoad<T>(load: () => Promise<T>, deps: ReadonlyArray<unknown>): Loaded<T> {
  const [state, setState] = useState<{ data?: T; failed: boolean; loading: boolean }>({
    failed: false,
    loading: true,
  })
  const [round, setRound] = useState(0)
  // The caller names what the load depends on (deps); `load` itself is a new function every render.
  useEffect(() => {
    let live = true
    setState((s) => ({ ...s, loading: true, failed: false }))
    load().then(
      (data) => live && setState({ data, failed: false, loading: false }),
      () => live && setState((s) => ({ ...s, failed: true, loading: false })),
    )
    return () => {
      live = false
    }
  }, [...deps, round])
  const reload = useCallback(() => setRound((r) => r + 1), [])
  return { data: state.data, failed: state.failed, loading: state.loading, reload }
}
