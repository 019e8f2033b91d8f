/**
 * The payment contract both sides share (SPEC §2 "Payment page", §4 Payment, §7 Payment, §9). Money
 * travels and is stored in integer fen; yuan exist only as text for people to read. What the payment
 * routes answer is schemas/api/payment.ts.
 */

/** SPEC §9 payment method codes. */
export const PAY_METHOD = { wechatQr: 2, online: 3, balance: 4 } as const
export type PayMethod = (typeof PAY_METHOD)[keyof typeof PAY_METHOD]
export const PAY_METHODS: readonly PayMethod[] = [PAY_METHOD.balance, PAY_METHOD.online, PAY_METHOD.wechatQr]

/** GET /my/getPayStatus data: SPEC §7 names 1 and 3; 5 is an order closed unpaid (cancelled or expired). */
export const PAY_STATUS = { pending: 1, success: 3, closed: 5 } as const
export type PayStatus = (typeof PAY_STATUS)[keyof typeof PAY_STATUS]

/** SPEC §9: the certification fee is per year and buys one year. */
export const CERT_VALID_YEARS = 1
/** How long one payment certifies, in words: 一年 (SPEC §9), or “3 年” should a price buy more. */
export const certTermText = (years: number = CERT_VALID_YEARS): string =>
  years === 1 ? '一年' : `${years} 年`
/**
 * The certification fee as every page words it, “¥298.00/年”: the price (the server's CERT_FEE_FEN,
 * as approveMoney) per term. A renewal or member price changes the figure the API answers, not this.
 */
export const certFeeText = (approveMoney: string, years: number = CERT_VALID_YEARS): string =>
  `¥${approveMoney}/${years === 1 ? '年' : `${years}年`}`
/** SPEC §9: pay-status polling interval and the payment QR's size. */
export const PAY_STATUS_POLL_MS = 2_000
export const PAY_QR_SIZE = 200

/** SPEC §2/§4 messages, in the portal's Chinese ('balance insufficient', 'please confirm…', 'payment succeeded'). */
export const PAY_MSG = {
  balanceInsufficient: '余额不足',
  confirmBeforePaying: '请确认后再支付',
  succeeded: '支付成功',
  closed: '订单已关闭，请重新发起支付',
  realnameFirst: '请先完成实名认证',
  orderNotFound: '订单不存在',
} as const

/** What `source` the payment page was opened from; cert sends the payer to /mine Info afterwards (§4). */
export const PAY_SOURCE = { cert: 'cert', certAgain: 'certAgain' } as const

/** 29800 → "298.00": integer arithmetic, so no fen is ever lost to floating point. */
export function formatYuan(fen: number): string {
  const sign = fen < 0 ? '-' : ''
  const abs = Math.abs(Math.trunc(fen))
  const yuan = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}${yuan}.${String(abs % 100).padStart(2, '0')}`
}

/** How each method reads in bills and orders. */
export const PAY_METHOD_LABEL: Record<PayMethod, string> = {
  [PAY_METHOD.wechatQr]: '微信扫码支付',
  [PAY_METHOD.online]: '在线支付',
  [PAY_METHOD.balance]: '余额支付',
}

/** How each status reads in the order list. */
export const PAY_STATUS_LABEL: Record<PayStatus, string> = {
  [PAY_STATUS.pending]: '待支付',
  [PAY_STATUS.success]: '已支付',
  [PAY_STATUS.closed]: '已关闭',
}
