import { describe, expect, it } from 'vitest'
import { isNotifying, notify, setNotifySink } from '../../src/lib/notify.ts'
import { recordingSink } from './recording-sink.ts'

describe('notify', () => {
  it('keeps the latest message raised before the toaster loads and shows it then', () => {
    setNotifySink(undefined)
    notify('first', 'error')
    notify('second', 'error')
    expect(isNotifying()).toBe(true)
    const sink = recordingSink()
    expect(sink.shown).toEqual([{ message: 'second', type: 'error', durationMs: 5000 }])
  })

  it('replaces the message on screen with a new one', () => {
    const sink = recordingSink()
    notify('one', 'info')
    notify('two', 'success')
    expect(sink.shown.map((m) => m.message)).toEqual(['one', 'two'])
    expect(isNotifying()).toBe(true)
  })
})
