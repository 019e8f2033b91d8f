import { describe, expect, it } from 'vitest'
import { CERT_VALID_YEARS, certFeeText, certTermText } from '../../schemas/payment.ts'
import { PRODUCT_SUBJECTS } from '../../server/services/payment/orders.ts'

// The fee is worded in one place; every page that shows it reads these, so the wording a visitor
// sees today (SPEC §9: ¥298.00/年, one year) must come out of them unchanged.
describe('certification fee wording', () => {
  it('words the one-year fee as the pages always have', () => {
    expect(CERT_VALID_YEARS).toBe(1)
    expect(certFeeText('298.00')).toBe('¥298.00/年')
    expect(certFeeText('298.00', 1)).toBe('¥298.00/年')
    expect(certTermText()).toBe('一年')
    expect(PRODUCT_SUBJECTS.cert).toBe('设计师认证费（1年）')
  })

  it('follows the term should a price buy more than a year', () => {
    expect(certFeeText('500.00', 3)).toBe('¥500.00/3年')
    expect(certTermText(3)).toBe('3 年')
  })
})
