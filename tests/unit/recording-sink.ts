import { type NotifySink, setNotifySink } from '../../src/lib/notify.ts'

/** Records what the app would show, in place of the Chakra toaster. */
export function recordingSink() {
  const shown: Array<{ message: string; type: string; durationMs: number }> = []
  let onScreen = false
  const sink: NotifySink = {
    show(message, type, durationMs) {
      shown.push({ message, type, durationMs })
      onScreen = true
    },
    isShowing: () => onScreen,
    dismissAll() {
      onScreen = false
    },
  }
  setNotifySink(sink)
  return {
    shown,
    /** Pretends the message on screen has timed out. */
    clearScreen() {
      onScreen = false
    },
  }
}
