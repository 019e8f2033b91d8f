import { beforeAll, describe, expect, it } from 'vitest'
import type { FormName } from '../../schemas/forms/index.ts'
import { PRECOMPILED } from '../../schemas/precompiled.ts'
import { firstError } from '../../schemas/validate.ts'
import { http } from '../../src/api/http.ts'
import { createFormValidator } from '../../src/forms/validator.ts'
import { recordingSink } from './recording-sink.ts'

/**
 * The same input, judged by the browser's form validator and by the real API: both must give the
 * same Chinese message (SPEC §5). Rows marked `passes` are valid forms: the form shows nothing and the
 * server goes past validation to a later business check, whose message the row names.
 */
interface Row {
  label: string
  data: Record<string, unknown>
  message?: string
  passes?: string
}

const realname = {
  username: '陈思远',
  identityType: '1',
  identity: '320505199003071234',
  // A city, not a district: valid by schema, refused later by the server's region check.
  cityId: '320500',
  professional: '1',
  professionalName: '工业设计师',
  read: true,
}
const other = { ...realname, identityType: '2', identity: 'E12345678', gender: '1', birthday: '1990-03-07' }
const REGION = '请选择有效的所在城市'

/**
 * Forms no API route takes yet: the competition routes come with the competition engine. Until then
 * tests/unit/forms-registry.test.ts holds their form against the server's parseForm. Naming them here
 * keeps this table complete: a new form must get rows or be listed.
 */
type NoRouteYet = Extract<FormName, `competition-${string}`>

const TABLE: Record<Exclude<FormName, NoRouteYet>, { url: string; auth: boolean; rows: Row[] }> = {
  realname: {
    url: '/my/realNameAuth',
    auth: true,
    rows: [
      { label: '18-digit ID', data: realname, passes: REGION },
      {
        label: '15-digit ID (first generation)',
        data: { ...realname, identity: '320505900307123' },
        passes: REGION,
      },
      { label: '17 digits + X', data: { ...realname, identity: '11010519900307123X' }, passes: REGION },
      { label: '17 digits + x', data: { ...realname, identity: '11010519900307123x' }, passes: REGION },
      {
        label: 'ID with spaces around',
        data: { ...realname, identity: '  320505199003071234 ' },
        passes: REGION,
      },
      {
        label: '17 digits',
        data: { ...realname, identity: '32050519900307123' },
        message: '请输入正确的二代身份证号码',
      },
      {
        label: '16 digits',
        data: { ...realname, identity: '3205051990030712' },
        message: '请输入正确的二代身份证号码',
      },
      {
        label: '19 digits',
        data: { ...realname, identity: '3205051990030712345' },
        message: '请输入正确的二代身份证号码',
      },
      {
        label: '14 digits',
        data: { ...realname, identity: '32050519900307' },
        message: '请输入正确的二代身份证号码',
      },
      {
        label: 'X in the middle',
        data: { ...realname, identity: '3205051990X3071234' },
        message: '请输入正确的二代身份证号码',
      },
      {
        label: 'Y as check letter',
        data: { ...realname, identity: '32050519900307123Y' },
        message: '请输入正确的二代身份证号码',
      },
      {
        label: 'full-width digits',
        data: { ...realname, identity: '３２０５０５１９９００３０７１２３４' },
        message: '请输入正确的二代身份证号码',
      },
      {
        label: 'space inside',
        data: { ...realname, identity: '320505 199003071234' },
        message: '请输入正确的二代身份证号码',
      },
      { label: 'ID card, no number', data: { ...realname, identity: '' }, message: '身份证号不能为空' },
      { label: 'other document, no number', data: { ...other, identity: ' ' }, message: '证件号码不能为空' },
      { label: 'other document, valid', data: other, passes: REGION },
      { label: 'other document, no gender', data: { ...other, gender: undefined }, message: '性别不能为空' },
      { label: 'other document, no birthday', data: { ...other, birthday: '' }, message: '生日不能为空' },
      {
        label: 'other document, future birthday',
        data: { ...other, birthday: '2999-01-01' },
        message: '生日不能晚于今天',
      },
      { label: 'no name', data: { ...realname, username: '  ' }, message: '姓名不能为空' },
      {
        label: 'name too long',
        data: { ...realname, username: '名'.repeat(31) },
        message: '姓名不能超过30个字',
      },
      {
        label: 'no document type',
        data: { ...realname, identityType: undefined },
        message: '证件类型不能为空',
      },
      {
        label: 'unknown document type',
        data: { ...realname, identityType: '9' },
        message: '证件类型不能为空',
      },
      { label: 'no region', data: { ...realname, cityId: '' }, message: '所在城市不能为空' },
      { label: 'no professional', data: { ...realname, professional: undefined }, message: '专业不能为空' },
      { label: 'no occupation', data: { ...realname, professionalName: '' }, message: '职业不能为空' },
      { label: 'agreement unticked', data: { ...realname, read: false }, message: '请勾选咖簿网协议' },
      { label: 'agreement missing', data: { ...realname, read: undefined }, message: '请勾选咖簿网协议' },
    ],
  },
  login: {
    url: '/login',
    auth: false,
    rows: [
      {
        label: 'phone, wrong password',
        data: { account: '13811112222', password: 'Whatever1' },
        passes: '账号或密码错误',
      },
      {
        label: 'email, wrong password',
        data: { account: 'someone@kabu.example', password: 'Whatever1' },
        passes: '账号或密码错误',
      },
      { label: 'no account', data: { account: '', password: 'x' }, message: '请输入手机号码或邮箱' },
      {
        label: 'phone starting 12',
        data: { account: '12800000001', password: 'x' },
        message: '请输入正确的手机号码或绑定邮箱',
      },
      {
        label: 'phone starting 16',
        data: { account: '16800000001', password: 'x' },
        message: '请输入正确的手机号码或绑定邮箱',
      },
      {
        label: '10-digit phone',
        data: { account: '1380000000', password: 'x' },
        message: '请输入正确的手机号码或绑定邮箱',
      },
      {
        label: 'email without domain',
        data: { account: 'someone@', password: 'x' },
        message: '请输入正确的手机号码或绑定邮箱',
      },
      { label: 'no password', data: { account: '13800000001', password: '' }, message: '请输入密码' },
    ],
  },
  address: {
    url: '/address/insert',
    auth: true,
    rows: [
      {
        label: 'valid',
        data: {
          userName: '陈思远',
          phone: '13800000001',
          cityId: '320500',
          address: '青石路 1 号（演示地址）',
        },
        passes: '请选择有效的所在地区',
      },
      {
        label: 'phone starting 2',
        data: {
          userName: '陈思远',
          phone: '23800000001',
          cityId: '320508',
          address: '青石路 1 号（演示地址）',
        },
        message: '请输入正确的11位手机号',
      },
      {
        label: '12-digit phone',
        data: {
          userName: '陈思远',
          phone: '138000000011',
          cityId: '320508',
          address: '青石路 1 号（演示地址）',
        },
        message: '请输入正确的11位手机号',
      },
      {
        label: 'no receiver',
        data: { userName: '', phone: '13800000001', cityId: '320508', address: '青石路 1 号（演示地址）' },
        message: '收货人不能为空',
      },
      {
        label: 'no street address',
        data: { userName: '陈思远', phone: '13800000001', cityId: '320508' },
        message: '详细地址不能为空',
      },
    ],
  },
  register: {
    url: '/register',
    auth: false,
    rows: [
      {
        label: 'valid phone sign-up, unknown code',
        data: {
          account: '13811112222',
          code: '123456',
          password: 'abcd1234',
          confirmPassword: 'abcd1234',
          read: true,
        },
        passes: '验证码错误或已过期',
      },
      {
        label: 'email account',
        data: {
          account: 'a@kabu.example',
          code: '123456',
          password: 'abcd1234',
          confirmPassword: 'abcd1234',
          read: true,
        },
        passes: '验证码错误或已过期',
      },
      {
        label: 'account neither phone nor email',
        data: {
          account: '1381111',
          code: '123456',
          password: 'abcd1234',
          confirmPassword: 'abcd1234',
          read: true,
        },
        message: '请输入正确的手机号码或绑定邮箱',
      },
      {
        label: 'password with a space',
        data: {
          account: '13811112222',
          code: '123456',
          password: 'abcd 1234',
          confirmPassword: 'abcd 1234',
          read: true,
        },
        message: '请输入8-20位英文字母及数字或者符号（除空格）',
      },
      {
        label: 'confirmation differs',
        data: {
          account: '13811112222',
          code: '123456',
          password: 'abcd1234',
          confirmPassword: 'abcd12345',
          read: true,
        },
        message: '两次输入的密码不一致',
      },
      {
        label: 'agreement unticked',
        data: { account: '13811112222', code: '123456', password: 'abcd1234', confirmPassword: 'abcd1234' },
        message: '请勾选咖簿网协议',
      },
      {
        label: 'invite code too short',
        data: {
          account: '13811112222',
          code: '123456',
          password: 'abcd1234',
          confirmPassword: 'abcd1234',
          inviteCode: 'ABC',
          read: true,
        },
        message: '邀请码为8位字母或数字',
      },
    ],
  },
  'password-change': {
    url: '/my/changePassword',
    auth: true,
    rows: [
      {
        label: 'new password the same as the current one',
        data: { oldPassword: 'Kabu2026!', password: 'Kabu2026!', confirmPassword: 'Kabu2026!' },
        message: '新密码不能与当前密码相同',
      },
      {
        label: 'new password digits only',
        data: { oldPassword: 'Kabu2026!', password: '12345678', confirmPassword: '12345678' },
        message: '请输入8-20位英文字母及数字或者符号（除空格）',
      },
      {
        label: 'no current password',
        data: { password: 'abcd1234', confirmPassword: 'abcd1234' },
        message: '请输入当前密码',
      },
    ],
  },
  profile: {
    url: '/my/updateProfile',
    auth: true,
    rows: [
      // The demo designer's own nickname: valid, and saving it changes nothing other tests read.
      { label: 'valid nickname', data: { nickname: '思远设计' }, passes: '个人资料已保存' },
      { label: 'one character', data: { nickname: '思' }, message: '昵称为2-20个字' },
      { label: 'no nickname', data: { nickname: '  ' }, message: '请输入昵称' },
    ],
  },
  resume: {
    url: '/my/resume',
    auth: true,
    rows: [
      // A city, not a district: valid by schema, refused later by the server's region check.
      {
        label: 'complete, city not a district',
        data: { realName: '陈思远', title: '工业设计师', summary: '简介', cityId: '320500' },
        passes: '请选择有效的所在城市',
      },
      { label: 'no title', data: { realName: '陈思远', summary: '简介' }, message: '职业头衔不能为空' },
      {
        label: 'bad phone',
        data: { realName: '陈思远', title: '设计师', summary: '简介', phone: '1380000' },
        message: '请输入正确的11位手机号',
      },
      {
        label: 'years out of range',
        data: { realName: '陈思远', title: '设计师', summary: '简介', years: 61 },
        message: '从业年限为0-60年',
      },
    ],
  },
  'event-signup': {
    url: '/landing/signup-open/signup',
    auth: false,
    rows: [
      {
        label: 'complete sign-up',
        data: {
          name: '王珂',
          phone: '13700000001',
          organization: '西岭大学设计学院（示例）',
          attendees: 2,
          read: true,
        },
        passes: '报名成功',
      },
      {
        label: 'email optional but checked',
        data: {
          name: '王珂',
          phone: '13700000002',
          organization: '西岭大学设计学院（示例）',
          email: 'wangke@',
          read: true,
        },
        message: '请输入正确的邮箱地址',
      },
      {
        label: 'read check unticked',
        data: { name: '王珂', phone: '13700000003', organization: '西岭大学设计学院（示例）', read: false },
        message: '请阅读',
      },
      {
        label: 'read check missing',
        data: { name: '王珂', phone: '13700000003', organization: '西岭大学设计学院（示例）' },
        message: '请阅读',
      },
      {
        label: 'six attendees',
        data: {
          name: '王珂',
          phone: '13700000004',
          organization: '西岭大学设计学院（示例）',
          attendees: 6,
          read: true,
        },
        message: '参加人数为1-5人',
      },
      {
        label: 'no organisation',
        data: { name: '王珂', phone: '13700000005', organization: ' ', read: true },
        message: '单位 / 学校不能为空',
      },
      {
        label: 'bad phone',
        data: { name: '王珂', phone: '1370000000', organization: '西岭大学设计学院（示例）', read: true },
        message: '请输入正确的11位手机号',
      },
    ],
  },
  'password-reset': {
    url: '/password/reset',
    auth: false,
    rows: [
      {
        label: 'letters and digits',
        data: { phone: '13811112222', code: '123456', password: 'abcd1234', confirmPassword: 'abcd1234' },
        passes: '验证码错误或已过期',
      },
      {
        label: 'letters and symbols',
        data: { phone: '13811112222', code: '123456', password: 'abcd!@#$', confirmPassword: 'abcd!@#$' },
        passes: '验证码错误或已过期',
      },
      {
        label: '20 characters',
        data: {
          phone: '13811112222',
          code: '123456',
          password: `${'a'.repeat(19)}1`,
          confirmPassword: `${'a'.repeat(19)}1`,
        },
        passes: '验证码错误或已过期',
      },
      {
        label: 'letters only',
        data: { phone: '13811112222', code: '123456', password: 'abcdefgh', confirmPassword: 'abcdefgh' },
        message: '请输入8-20位英文字母及数字或者符号（除空格）',
      },
      {
        label: 'digits only',
        data: { phone: '13811112222', code: '123456', password: '12345678', confirmPassword: '12345678' },
        message: '请输入8-20位英文字母及数字或者符号（除空格）',
      },
      {
        label: 'symbols only',
        data: { phone: '13811112222', code: '123456', password: '!@#$%^&*', confirmPassword: '!@#$%^&*' },
        message: '请输入8-20位英文字母及数字或者符号（除空格）',
      },
      {
        label: 'with a space',
        data: { phone: '13811112222', code: '123456', password: 'abcd 1234', confirmPassword: 'abcd 1234' },
        message: '请输入8-20位英文字母及数字或者符号（除空格）',
      },
      {
        label: 'with Chinese',
        data: {
          phone: '13811112222',
          code: '123456',
          password: '密码abcd1234',
          confirmPassword: '密码abcd1234',
        },
        message: '请输入8-20位英文字母及数字或者符号（除空格）',
      },
      {
        label: '7 characters',
        data: { phone: '13811112222', code: '123456', password: 'abc1234', confirmPassword: 'abc1234' },
        message: '请输入8-20位英文字母及数字或者符号（除空格）',
      },
      {
        label: '21 characters',
        data: {
          phone: '13811112222',
          code: '123456',
          password: `${'a'.repeat(20)}1`,
          confirmPassword: `${'a'.repeat(20)}1`,
        },
        message: '请输入8-20位英文字母及数字或者符号（除空格）',
      },
      {
        label: 'no password',
        data: { phone: '13811112222', code: '123456', password: '', confirmPassword: 'x' },
        message: '请输入密码',
      },
      {
        label: 'confirmation differs',
        data: { phone: '13811112222', code: '123456', password: 'abcd1234', confirmPassword: 'abcd12345' },
        message: '两次输入的密码不一致',
      },
      {
        label: 'bad phone',
        data: { phone: '1381111222', code: '123456', password: 'abcd1234', confirmPassword: 'abcd1234' },
        message: '请输入正确的11位手机号',
      },
    ],
  },
}

let token: string
beforeAll(async () => {
  recordingSink()
  const res = await http.post('/login', { account: '13800000001', password: 'Kabu2026!', logInSource: 2 })
  token = res.data.data.token
})

/** What the form shows first, in the form's field order. */
function formMessage(name: FormName, data: Record<string, unknown>): string | undefined {
  const { errorSchema } = createFormValidator(name, PRECOMPILED[name], () => true).validateFormData(
    data,
    {} as never,
  )
  const byField = Object.fromEntries(
    Object.entries(errorSchema as Record<string, { __errors?: string[] }>).map(([field, e]) => [
      field,
      e.__errors?.[0],
    ]),
  )
  return firstError(name, byField)
}

async function apiMessage(
  url: string,
  data: Record<string, unknown>,
  auth: boolean,
): Promise<{ code: number; msg: string }> {
  const res = await http
    .post(url, data, { headers: auth ? { Authorization: token } : {}, validateStatus: () => true })
    .catch((e: { message: string; code?: number }) => ({ data: { code: e.code ?? 0, msg: e.message } }))
  return res.data as { code: number; msg: string }
}

const cases = Object.entries(TABLE).flatMap(([name, t]) =>
  t.rows.map((row) => ({ name: name as FormName, ...t, row })),
)

describe('form and API give the same message', () => {
  it('covers at least 40 inputs', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40)
  })

  it.each(cases.map((c) => [`${c.name}: ${c.row.label}`, c] as const))(
    '%s',
    async (_, { name, url, auth, row }) => {
      const fromForm = formMessage(name, row.data)
      const fromApi = await apiMessage(`${url}`, row.data, auth)
      if (row.passes) {
        expect(fromForm).toBeUndefined()
        expect(fromApi.msg).toBe(row.passes)
      } else {
        expect(fromForm).toBe(row.message)
        expect(fromApi).toEqual({ code: 400, msg: row.message })
      }
    },
  )
})
