import { describe, expect, it } from 'vitest'
import { isNextKey, nextUnscored, progressOf } from '../../src/features/judge/next-entry.ts'

const list = [
  { workId: 3, status: 'submitted' as const },
  { workId: 5, status: 'todo' as const },
  { workId: 8, status: 'saved' as const },
  { workId: 9, status: 'submitted' as const },
]

describe('the next entry a judge scores', () => {
  it('is the first unsubmitted one after the current, wrapping round to the start', () => {
    expect(nextUnscored(list, 5)).toBe(8)
    expect(nextUnscored(list, 8)).toBe(5)
    expect(nextUnscored(list, 9)).toBe(5)
  })
  it('from the list (no current entry) is the first unsubmitted one', () => {
    expect(nextUnscored(list)).toBe(5)
  })
  it('is none when every other entry is submitted', () => {
    expect(nextUnscored([list[0]!, { workId: 5, status: 'todo' }], 5)).toBeUndefined()
    expect(nextUnscored([], undefined)).toBeUndefined()
  })
  it('counts progress as submitted sheets of the assigned entries', () => {
    expect(progressOf(list)).toEqual({ submitted: 2, assigned: 4 })
  })
  it('takes Ctrl+Enter or ⌘+Enter as the one key, nothing else', () => {
    const key = { key: 'Enter', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false }
    expect(isNextKey({ ...key, ctrlKey: true })).toBe(true)
    expect(isNextKey({ ...key, metaKey: true })).toBe(true)
    expect(isNextKey(key)).toBe(false)
    expect(isNextKey({ ...key, ctrlKey: true, shiftKey: true })).toBe(false)
    expect(isNextKey({ ...key, key: 'a', ctrlKey: true })).toBe(false)
  })
})
