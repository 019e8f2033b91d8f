import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pollPayStatus } from '../../src/components/payment/pay-status-poll.ts'

/** A status source whose answers the test scripts, recording every request. */
function statuses(...answers: Array<number | Error>) {
  const calls: string[] = []
  const fetchStatus = vi.fn(async (orderNumber: string) => {
    calls.push(orderNumber)
    const next = answers.length > 1 ? answers.shift() : answers[0]
    if (next instanceof Error) throw next
    return next as 1 | 3 | 5
  })
  return { calls, fetchStatus }
}

describe('pay-status polling (SPEC §4: every 2 s, stops when not 1 or when the dialog closes)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('asks every 2 s with the order number while the status is 1', async () => {
    const source = statuses(1)
    const onSettled = vi.fn()
    const poll = pollPayStatus({ orderNumber: 'KB1', fetchStatus: source.fetchStatus, onSettled })
    await vi.advanceTimersByTimeAsync(1_999)
    expect(source.calls).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(source.calls).toEqual(['KB1'])
    await vi.advanceTimersByTimeAsync(6_000)
    expect(source.calls).toHaveLength(4)
    expect(onSettled).not.toHaveBeenCalled()
    poll.stop()
  })

  it('stops at status 3 and hands it over once', async () => {
    const source = statuses(1, 1, 3)
    const onSettled = vi.fn()
    pollPayStatus({ orderNumber: 'KB2', fetchStatus: source.fetchStatus, onSettled })
    await vi.advanceTimersByTimeAsync(20_000)
    expect(source.calls).toHaveLength(3)
    expect(onSettled).toHaveBeenCalledTimes(1)
    expect(onSettled).toHaveBeenCalledWith(3)
  })

  it('stops at any status other than 1 (a closed order)', async () => {
    const source = statuses(5)
    const onSettled = vi.fn()
    pollPayStatus({ orderNumber: 'KB3', fetchStatus: source.fetchStatus, onSettled })
    await vi.advanceTimersByTimeAsync(20_000)
    expect(source.calls).toHaveLength(1)
    expect(onSettled).toHaveBeenCalledWith(5)
  })

  it('stops asking when the dialog closes, and ignores an answer that arrives afterwards', async () => {
    let answer: (status: 1 | 3) => void = () => {}
    const fetchStatus = vi.fn(
      (_orderNumber: string, _signal: AbortSignal) => new Promise<1 | 3>((resolve) => (answer = resolve)),
    )
    const onSettled = vi.fn()
    const poll = pollPayStatus({ orderNumber: 'KB4', fetchStatus, onSettled })
    await vi.advanceTimersByTimeAsync(2_000)
    expect(fetchStatus).toHaveBeenCalledTimes(1)
    expect(fetchStatus.mock.calls[0]?.[1]).toBeInstanceOf(AbortSignal)
    poll.stop()
    answer(3)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(fetchStatus).toHaveBeenCalledTimes(1)
    expect(onSettled).not.toHaveBeenCalled()
  })

  it('never overlaps requests, and asks again after a failed one', async () => {
    let answer: (status: 1) => void = () => {}
    let calls = 0
    const fetchStatus = vi.fn(() => {
      calls += 1
      if (calls === 1) return Promise.reject(new Error('网络连接失败'))
      return new Promise<1>((resolve) => (answer = resolve))
    })
    const poll = pollPayStatus({ orderNumber: 'KB5', fetchStatus, onSettled: vi.fn() })
    await vi.advanceTimersByTimeAsync(4_000)
    expect(fetchStatus).toHaveBeenCalledTimes(2)
    // The second request is slow: no third one while it is unanswered.
    await vi.advanceTimersByTimeAsync(10_000)
    expect(fetchStatus).toHaveBeenCalledTimes(2)
    answer(1)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(fetchStatus).toHaveBeenCalledTimes(3)
    poll.stop()
  })
})
