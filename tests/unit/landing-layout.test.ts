import { describe, expect, it } from 'vitest'
import { splitNote } from '../../src/app/shell/partner-carousel.tsx'
import { balancedColumns } from '../../src/engine/landing/parts/balanced-grid.tsx'

describe('balanced grid columns', () => {
  it('leaves no lone item under a full row: 5 in rows of 4 is 3+2, 6 is 3+3, 7 is 4+3', () => {
    expect(balancedColumns(5, 4)).toBe(3)
    expect(balancedColumns(6, 4)).toBe(3)
    expect(balancedColumns(7, 4)).toBe(4)
    expect(balancedColumns(8, 4)).toBe(4)
  })

  it('keeps a short list in one row of its own length (3 speakers → 3 columns, not 3 of 4)', () => {
    expect(balancedColumns(3, 4)).toBe(3)
    expect(balancedColumns(5, 5)).toBe(5)
    expect(balancedColumns(1, 4)).toBe(1)
  })

  it('fills two-column phone rows (only the odd last item is alone, and centred)', () => {
    expect(balancedColumns(5, 2)).toBe(2)
    expect(balancedColumns(6, 1)).toBe(1)
  })
})

describe('partner names', () => {
  it('keeps a bracketed note whole so a narrow tile breaks before it', () => {
    expect(splitNote('青禾设计社（示例）')).toEqual(['青禾设计社', '（示例）'])
    expect(splitNote('咖簿网')).toEqual(['咖簿网', ''])
    expect(splitNote('（示例）')).toEqual(['（示例）', ''])
  })
})
