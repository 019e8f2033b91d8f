import { PAY_STATUS, PAY_STATUS_POLL_MS, type PayStatus } from '../../../schemas/payment.ts'

interface PayStatusPoll {
  /** Stops asking: the dialog closed. A request in flight is abandoned and its answer ignored. */
  stop(): void
}

/**
 * The QR dialog's polling (SPEC §4 Payment): asks for the order's status every 2 s; stops once the
 * status is anything but 1 (pending) and hands it over, or when stopped. A request is never sent while
 * the previous one is unanswered, so a slow server is not flooded; a failed request is asked again at
 * the next tick (the API client has already shown why).
 */
export function pollPayStatus(options: {
  orderNumber: string
  fetchStatus(orderNumber: string, signal: AbortSignal): Promise<PayStatus>
  onSettled(status: PayStatus): void
  intervalMs?: number
}): PayStatusPoll {
  const { orderNumber, fetchStatus, onSettled, intervalMs = PAY_STATUS_POLL_MS } = options
  const abort = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined

  const tick = async () => {
    let status: PayStatus | undefined
    try {
      status = await fetchStatus(orderNumber, abort.signal)
    } catch {
      status = undefined
    }
    if (abort.signal.aborted) return
    if (status !== undefined && status !== PAY_STATUS.pending) {
      onSettled(status)
      return
    }
    timer = setTimeout(tick, intervalMs)
  }
  timer = setTimeout(tick, intervalMs)

  return {
    stop() {
      abort.abort()
      clearTimeout(timer)
    },
  }
}
