import { describe, expect, it } from 'vitest'
import {
  priceRange,
  quotationListPath,
  readQuotationQuery,
} from '../../src/features/quotation/quotation-list.ts'

describe('quotation list addresses (SPEC §4: choosing a type resets to page 1)', () => {
  it('leaves the page out when a type is chosen, so the list starts again at page 1', () => {
    expect(quotationListPath('7')).toBe('/quotation/index?type=7')
    expect(quotationListPath('')).toBe('/quotation/index')
    expect(quotationListPath('7', 2)).toBe('/quotation/index?type=7&page=2')
    expect(quotationListPath('', 1)).toBe('/quotation/index')
  })

  it('reads type and page back, bounded: no page or a bad one is page 1, a bad type is every type', () => {
    const read = (q: string) => readQuotationQuery(new URLSearchParams(q))
    expect(read('type=7&page=2')).toEqual({ type: '7', page: 2 })
    expect(read('')).toEqual({ type: '', page: 1 })
    expect(read('page=0')).toEqual({ type: '', page: 1 })
    expect(read('page=abc&type=x%27')).toEqual({ type: '', page: 1 })
    expect(read('page=9999999')).toEqual({ type: '', page: 1 })
  })

  it('prints a price range in yuan from fen', () => {
    expect(priceRange({ priceMinFen: 1_800_000, priceMaxFen: 4_500_000, unit: '款' })).toBe(
      '¥18,000 – ¥45,000 / 款',
    )
  })
})
