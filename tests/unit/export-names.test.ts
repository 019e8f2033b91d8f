import { describe, expect, it } from 'vitest'
import { attachment, safeName, sheetName, xmlSafe } from '../../server/services/exports/file-names.ts'

/** The names inside and of the organisers' exports (README "Exports"). */
describe('sheet names', () => {
  it('follow Excel’s rules: 31 characters, none of \\ / ? * [ ] :, unique without regard to case', () => {
    const taken = new Set<string>()
    expect(sheetName('产品设计', taken)).toBe('产品设计')
    expect(sheetName('a/b\\c?d*e[f]g:h', taken)).toBe('a_b_c_d_e_f_g_h')
    const long = '命题：一个非常非常长的命题名称，用来检查表名不会超过三十一个字符的限制规则'
    const first = sheetName(long, taken)
    expect([...first]).toHaveLength(31)
    const second = sheetName(long, taken)
    expect(second.endsWith('(2)')).toBe(true)
    expect([...second]).toHaveLength(31)
    expect(sheetName('PRODUCT', taken)).toBe('PRODUCT')
    expect(sheetName('product', taken)).toBe('product(2)')
    expect(sheetName("''", taken)).toBe('类别')
  })
})

describe('names in the ZIP', () => {
  it('keep Chinese, lose separators, reserved characters, controls and leading dots', () => {
    expect(safeName('展板:一?.jpg', 'x')).toBe('展板_一_.jpg')
    expect(safeName('../../etc/passwd', 'x')).toBe('_.._etc_passwd')
    expect(safeName('a\u0000b\u001fc.png', 'x')).toBe('abc.png')
    expect(safeName('...', 'fallback')).toBe('fallback')
    expect(safeName('名'.repeat(150), 'x')).toBe('名'.repeat(100))
  })
})

describe('cell text', () => {
  it('drops what XML 1.0 cannot carry and mends lone surrogates', () => {
    expect(xmlSafe('a\u0001b\tc\nd\u0008')).toBe('ab\tc\nd')
    expect(xmlSafe('x\uD800y')).toBe('x\uFFFDy')
  })
})

describe('Content-Disposition', () => {
  it('gives an ASCII name and the Chinese one per RFC 5987, escaping what attr-char refuses', () => {
    expect(attachment('entries-1.xlsx', "赛事(2027)'*-报名.xlsx")).toBe(
      `attachment; filename="entries-1.xlsx"; filename*=UTF-8''${encodeURIComponent('赛事')}%282027%29%27%2A-${encodeURIComponent('报名')}.xlsx`,
    )
  })
})
