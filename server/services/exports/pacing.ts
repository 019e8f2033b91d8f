import { once } from 'node:events'
import type { Readable, Writable } from 'node:stream'
import { setImmediate } from 'node:timers/promises'

/** How far an export has got: rows written, or files packed. */
export interface ExportProgress {
  done: number
}

/** The client went away (or the stream failed): the export stops where it is. */
export class ExportAborted extends Error {
  constructor() {
    super('export stopped: its stream closed')
  }
}

type Stream = Readable | Writable

/**
 * Waits for `event` on `emitter`, or for `stream` to close first (then ExportAborted). The listener
 * that did not fire is taken off again: an export waits many times.
 */
export async function waitForEvent(
  emitter: NodeJS.EventEmitter,
  event: string,
  stream: Stream,
): Promise<void> {
  if (stream.destroyed) throw new ExportAborted()
  const done = new AbortController()
  let first: 'event' | 'close'
  try {
    // Tagged: a stream that ends and then closes at once settles both, and the first one counts.
    first = await Promise.race([
      once(emitter, event, { signal: done.signal }).then(() => 'event' as const),
      once(stream, 'close', { signal: done.signal }).then(() => 'close' as const),
    ])
  } finally {
    done.abort()
  }
  if (first === 'close') throw new ExportAborted()
}

/**
 * Called between pages of an export. A slow client holds the export back (it waits for `out` to
 * drain, so what is written never piles up in memory), and other requests get their turn: the
 * database driver of SQLite answers synchronously, so without this a whole export would run as one
 * block of microtasks and every other request would wait for it.
 */
export async function yieldToOthers(out: Stream): Promise<void> {
  if (out.destroyed) throw new ExportAborted()
  if ('writableNeedDrain' in out && out.writableNeedDrain) await waitForEvent(out, 'drain', out)
  await setImmediate()
}
