import { describe, expect, it } from 'vitest'
import { spreadsheetText } from '../../server/services/exports/cell-text.ts'

/** Issue 32 item 10: the one rule the entries workbook and the ZIP manifest share. */
describe('spreadsheetText', () => {
  it('prefixes an apostrophe to text that starts with = + - @, a tab or a carriage return', () => {
    for (const text of ['=1+1', '+86 139', '-2', '@SUM(A1)', '\t=1', '\r=1'])
      expect(spreadsheetText(text)).toBe(`'${text}`)
  })

  it('leaves other text as it is, including such characters later in the text and the empty text', () => {
    for (const text of ['作品 =1', 'a+b', '', "'=already", '１=全角'])
      expect(spreadsheetText(text)).toBe(text)
  })
})
