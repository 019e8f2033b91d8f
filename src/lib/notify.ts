import { TOAST_DURATION_MS } from './constants.ts'

/**
 * Where messages go. The app plugs in the Chakra toaster at start; keeping it behind this seam lets
 * src/api show errors without importing UI, and lets unit tests read what would be shown.
 */
export interface NotifySink {
  show(message: string, type: 'error' | 'success' | 'info', durationMs: number): void
  /** Whether a message is on screen now. */
  isShowing(): boolean
  dismissAll(): void
}

type Message = { message: string; type: 'error' | 'success' | 'info' }

let sink: NotifySink | undefined
/** The toaster loads after first paint; a message raised before then waits here (the latest wins). */
let pending: Message | undefined

export function setNotifySink(next: NotifySink | undefined): void {
  sink = next
  if (sink && pending) {
    const { message, type } = pending
    pending = undefined
    notify(message, type)
  }
}

/** One message at a time (SPEC §8): a new message replaces the one on screen. */
export function notify(message: string, type: Message['type'] = 'info'): void {
  if (!sink) {
    pending = { message, type }
    return
  }
  sink.dismissAll()
  sink.show(message, type, TOAST_DURATION_MS)
}

export function isNotifying(): boolean {
  return sink ? sink.isShowing() : pending !== undefined
}
