import { describe, expect, it } from 'vitest'
import { FORMATS, MESSAGES } from '../../schemas/formats.ts'

describe('§5 messages, word for word', () => {
  it.each([
    ['nameRequired', '姓名不能为空'],
    ['documentTypeRequired', '证件类型不能为空'],
    ['documentNumberRequired', '证件号码不能为空'],
    ['regionRequired', '所在城市不能为空'],
    ['professionalRequired', '专业不能为空'],
    ['occupationRequired', '职业不能为空'],
    ['genderRequired', '性别不能为空'],
    ['birthdayRequired', '生日不能为空'],
    ['agreementRequired', '请勾选咖簿网协议'],
    ['idRequired', '身份证号不能为空'],
    ['idInvalid', '请输入正确的二代身份证号码'],
    ['readRequired', '请阅读'],
    ['phoneOrEmailInvalid', '请输入正确的手机号码或绑定邮箱'],
    ['phoneInvalid', '请输入正确的11位手机号'],
    ['passwordRequired', '请输入密码'],
    ['passwordInvalid', '请输入8-20位英文字母及数字或者符号（除空格）'],
  ] as const)('%s = %s', (key, text) => {
    expect(MESSAGES[key]).toBe(text)
  })
})

describe('§5 formats', () => {
  const accepts = (format: keyof typeof FORMATS, ok: string[], bad: string[]) => {
    for (const value of ok) expect(FORMATS[format].test(value), `${format} should accept ${value}`).toBe(true)
    for (const value of bad)
      expect(FORMATS[format].test(value), `${format} should refuse ${value}`).toBe(false)
  }

  it('ID number: 15 digits, 18 digits, or 17 digits + X/x', () => {
    accepts(
      'id-number',
      ['110105491231002', '110105194912310021', '11010519491231002X', '11010519491231002x'],
      [
        '',
        '11010549123100',
        '1101054912310021',
        '11010519491231002',
        '1101051949123100211',
        '11010519491231002Y',
        'X10105194912310021',
      ],
    )
  })

  it('phone: 1, then 3 4 5 7 8 or 9, then 9 digits', () => {
    accepts(
      'phone',
      ['13800000001', '14700000001', '15900000001', '17700000001', '18800000001', '19900000001'],
      ['12800000001', '16800000001', '10800000001', '1380000000', '138000000011', '+8613800000001'],
    )
  })

  it('phone or email', () => {
    accepts(
      'phone-or-email',
      ['13800000001', 'designer@kabu.example', 'a.b+c@sub.example.cn'],
      ['12800000001', 'designer@', '@kabu.example', 'designer@kabu', '13800000001 '],
    )
  })

  it('password: 8–20, no spaces or Chinese, two kinds of letters, digits, symbols', () => {
    accepts(
      'password',
      ['abcd1234', 'ABCD!@#$', '1234!@#$', 'Kabu2026!', `${'a'.repeat(19)}1`],
      [
        'abcdefgh',
        '12345678',
        '!@#$%^&*',
        'abc 1234',
        '密码abcd1234',
        'abcd１２３４',
        'abc123',
        `${'a'.repeat(20)}1`,
      ],
    )
  })
})
