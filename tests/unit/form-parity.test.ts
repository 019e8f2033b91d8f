// @vitest-environment jsdom
import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FormName } from '../../schemas/forms/index.ts'
import { PRECOMPILED } from '../../schemas/precompiled.ts'
import { firstError } from '../../schemas/validate.ts'
import { http } from '../../src/api/http.ts'
import { createFormValidator } from '../../src/forms/validator.ts'
import { FIXTURE_IDS } from '../support/competitions.ts'
import { VALID_FORMS } from '../support/valid-forms.ts'
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

interface Form {
  url: string
  auth: boolean
  /**
   * The body fields the API needs beside the form's own (the competition, the work), awaited before
   * each row: a competition form goes to a real competition, a work form to a real work of the
   * signed-in designer (made once, on first use).
   */
  setup?: () => Promise<Record<string, unknown>>
  rows: Row[]
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

// ——— Competition forms: the fixture competitions of the unit server (tests/support/competitions.ts),
// registering now, so works may be added too. fee-default uses the default API family and every work
// form; qt2025 the 2025 青苔 family, with its own registration and work-info paths.

const DEFAULT_ID = FIXTURE_IDS['fee-default']
const QT_ID = FIXTURE_IDS.qt2025
const REGISTRATION = VALID_FORMS['competition-registration']
const QT_REGISTRATION = VALID_FORMS['competition-qt-registration']
const WORK_INFO = VALID_FORMS['competition-work-info']
const ADVISER = VALID_FORMS['competition-adviser']
/** The sample files' URLs name no stored file: valid for the form, refused by the server's file check. */
const NOT_UPLOADED = VALID_FORMS['competition-display-board'].displayBoard[0]!
const FILE_MISSING = '文件不存在或未上传成功，请重新上传'
const IMAGE_TYPES = '仅支持 jpg、jpeg、png 格式的文件，请重新上传'
const DOCUMENT_TYPES = '仅支持 pdf、jpg、jpeg、png 格式的文件，请重新上传'
const SAVED = '已保存'
const WORKS = VALID_FORMS['works-register']
const TAGS = '标签用逗号分隔，最多5个，每个不超过12个字'

const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined
  return () => (made ??= make())
}

/** A signed-in POST that must succeed; answers the envelope's data. */
async function post(url: string, body: unknown): Promise<{ id: number } & Record<string, unknown>> {
  const res = await http.post(url, body, { headers: { Authorization: token } })
  return res.data.data
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const PNG = new Uint8Array([...PNG_SIGNATURE, ...new TextEncoder().encode('parity')])
const PDF = new TextEncoder().encode('%PDF-1.4\n% form parity\n%%EOF\n')
/** A file as the upload endpoint names it (by content hash), so rows can name it before it exists. */
const stored = (bytes: Uint8Array, name: string) => ({
  fileUrl: `/api/files/${createHash('sha256').update(bytes).digest('hex')}.${name.split('.').pop()}`,
  fileOgName: name,
})
const PNG_FILE = stored(PNG, '展板.png')
const PDF_FILE = stored(PDF, '授权书.pdf')

/** Uploads a file through POST /api/common/upload, as the file-upload field does. */
async function upload(bytes: Uint8Array<ArrayBuffer>, file: { fileUrl: string; fileOgName: string }) {
  const body = new FormData()
  body.append('file', new File([bytes], file.fileOgName))
  const res = await http.post('/common/upload', body, { headers: { Authorization: token } })
  expect(res.data.data.url).toBe(file.fileUrl)
}
const uploaded = once(async () => {
  await upload(PNG, PNG_FILE)
  await upload(PDF, PDF_FILE)
})

/** The valid work base with uploaded files; qt2025 offers no propositions. */
const { proposition: _proposition, ...QT_WORK_BASE } = {
  ...VALID_FORMS['competition-work-base'],
  cover: PNG_FILE,
  images: [PNG_FILE],
}
const WORK_BASE = { ...QT_WORK_BASE, proposition: 'p2' }

/** The designer's registration and one work in fee-default (default family): the work's id. */
const defaultWork = once(async () => {
  await uploaded()
  await post('/tbCompetitionInfo/user/add', { ...REGISTRATION, competitionId: DEFAULT_ID })
  const work = await post('/works/add', { ...WORK_BASE, step: 'base', competitionId: DEFAULT_ID })
  return { id: work.id }
})
/** The designer's QT registration and one work in qt2025 (its own add path): the work's id. */
const qtWork = once(async () => {
  await uploaded()
  await post('/tbCompetitionInfo/QT/user/add', { ...QT_REGISTRATION, competitionId: QT_ID })
  const work = await post('/2025QT/works/add', { ...QT_WORK_BASE, step: 'base', competitionId: QT_ID })
  return { id: work.id }
})

const TABLE: Record<FormName, Form> = {
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
  'sign-up': {
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
      // A province, not a city: valid by schema, refused later by the server's region check (the résumé
      // keeps a province-and-city choice, RESUME_REGION_LEVELS).
      {
        label: 'complete, province not a city',
        data: { realName: '陈思远', title: '工业设计师', summary: '简介', cityId: '320000' },
        passes: '请选择有效的所在城市',
      },
      {
        label: 'complete, a city',
        data: { realName: '陈思远', title: '工业设计师', summary: '简介', cityId: '320500' },
        passes: '简历已保存',
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
  'event-check-in': {
    url: '/events/page/open-event/check-in',
    auth: false,
    rows: [
      { label: 'name and phone', data: { name: '王珂', phone: '13700000021' }, passes: '签到成功' },
      { label: 'bad phone', data: { name: '王珂', phone: '1370000' }, message: '请输入正确的11位手机号' },
      { label: 'no name', data: { name: '', phone: '13700000022' }, message: '姓名不能为空' },
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

  'competition-registration': {
    url: '/tbCompetitionInfo/user/add',
    auth: true,
    setup: async () => ({ competitionId: DEFAULT_ID }),
    rows: [
      { label: 'valid', data: REGISTRATION, passes: '报名信息已保存' },
      {
        label: 'entrant type the definition does not list',
        data: { ...REGISTRATION, entrantType: '9' },
        passes: '请选择有效的参赛身份',
      },
      {
        label: 'company type the definition does not list',
        data: { ...REGISTRATION, companyType: '9' },
        passes: '请选择有效的单位类型',
      },
      { label: 'no entrant type', data: { ...REGISTRATION, entrantType: '' }, message: '请选择参赛身份' },
      { label: 'no name', data: { ...REGISTRATION, name: undefined }, message: '姓名或团队名称不能为空' },
      {
        label: 'one-character name',
        data: { ...REGISTRATION, name: '青' },
        message: '姓名或团队名称为2-50个字',
      },
      {
        label: 'bad phone',
        data: { ...REGISTRATION, phone: '1370000000' },
        message: '请输入正确的11位手机号',
      },
      { label: 'bad email', data: { ...REGISTRATION, email: 'qinghe@' }, message: '请输入正确的邮箱地址' },
      {
        label: 'pledge unticked',
        data: { ...REGISTRATION, agree: false },
        message: '请阅读并承诺遵守大赛章程',
      },
    ],
  },
  'competition-qt-registration': {
    url: '/tbCompetitionInfo/QT/user/add',
    auth: true,
    setup: async () => ({ competitionId: QT_ID }),
    rows: [
      { label: 'valid', data: QT_REGISTRATION, passes: '报名信息已保存' },
      {
        label: '青苔 category not in the dictionary',
        data: { ...QT_REGISTRATION, qtType: '99' },
        passes: '请选择有效的青苔类别',
      },
      {
        label: 'no 青苔 category',
        data: { ...QT_REGISTRATION, qtType: undefined },
        message: '请选择青苔类别',
      },
      { label: 'no address', data: { ...QT_REGISTRATION, address: undefined }, message: '通讯地址不能为空' },
      {
        label: 'pledge missing',
        data: { ...QT_REGISTRATION, agree: undefined },
        message: '请阅读并承诺遵守大赛章程',
      },
    ],
  },
  'competition-work-base': {
    url: '/works/add',
    auth: true,
    setup: async () => ({ step: 'base', competitionId: DEFAULT_ID, ...(await defaultWork()) }),
    rows: [
      { label: 'valid, files uploaded', data: WORK_BASE, passes: SAVED },
      {
        label: 'valid, files never uploaded',
        data: { ...WORK_BASE, cover: NOT_UPLOADED },
        passes: FILE_MISSING,
      },
      {
        label: 'range the definition does not list',
        data: { ...WORK_BASE, range: 'furniture' },
        passes: '请选择有效的参赛类别',
      },
      { label: 'no name', data: { ...WORK_BASE, worksName: ' ' }, message: '作品名称不能为空' },
      { label: 'no cover', data: { ...WORK_BASE, cover: undefined }, message: '请上传作品封面' },
      // RJSF fills an object field in with {}: no file yet, not a file of the wrong type.
      { label: 'an empty cover', data: { ...WORK_BASE, cover: {} }, message: '请上传作品封面' },
      {
        label: 'cover is a PDF',
        data: { ...WORK_BASE, cover: PDF_FILE },
        message: IMAGE_TYPES,
      },
      {
        label: 'cover on another site',
        data: { ...WORK_BASE, cover: { ...PNG_FILE, fileUrl: '//elsewhere.example/a.png' } },
        message: IMAGE_TYPES,
      },
      {
        label: 'seven pictures',
        data: { ...WORK_BASE, images: Array(7).fill(PNG_FILE) },
        message: '作品图片最多上传6张',
      },
      {
        label: 'abstract too short',
        data: { ...WORK_BASE, abstract: '太短' },
        message: '作品简介为20-500个字',
      },
    ],
  },
  'competition-work-info': {
    url: '/QT/work/saveWorkInfo',
    auth: true,
    setup: async () => ({ step: 'info', ...(await qtWork()) }),
    rows: [
      { label: 'valid', data: WORK_INFO, passes: SAVED },
      { label: 'statement only', data: { designConcept: WORK_INFO.designConcept }, passes: SAVED },
      {
        label: 'no statement',
        data: { ...WORK_INFO, designConcept: undefined },
        message: '设计说明不能为空',
      },
      {
        label: 'statement too short',
        data: { ...WORK_INFO, designConcept: '太短的说明' },
        message: '设计说明为50-2000个字',
      },
      {
        label: 'member without a role',
        data: { ...WORK_INFO, teamMembers: [{ name: '林晓雨' }] },
        message: '成员分工不能为空',
      },
      {
        label: 'member with a bad phone',
        data: { ...WORK_INFO, teamMembers: [{ name: '林晓雨', role: '结构设计', phone: '1370000' }] },
        message: '请输入正确的11位手机号',
      },
      {
        label: 'six members',
        data: { ...WORK_INFO, teamMembers: Array(6).fill({ name: '林晓雨', role: '结构设计' }) },
        message: '团队成员最多5人',
      },
    ],
  },
  'competition-adviser': {
    url: '/tbCompetitionInfo/works/saveAdviser',
    auth: true,
    setup: defaultWork,
    rows: [
      { label: 'one adviser', data: ADVISER, passes: SAVED },
      { label: 'no adviser', data: {}, passes: SAVED },
      {
        label: 'three advisers',
        data: { advisers: Array(3).fill(ADVISER.advisers[0]) },
        message: '指导老师最多2位',
      },
      {
        label: 'adviser without a phone',
        data: { advisers: [{ ...ADVISER.advisers[0], phone: undefined }] },
        message: '请输入正确的11位手机号',
      },
      {
        label: 'adviser without a title',
        data: { advisers: [{ ...ADVISER.advisers[0], title: undefined }] },
        message: '指导老师职称不能为空',
      },
      {
        label: 'adviser with a bad email',
        data: { advisers: [{ ...ADVISER.advisers[0], email: 'chen@' }] },
        message: '请输入正确的邮箱地址',
      },
    ],
  },
  'competition-property-right': {
    url: '/tbCompetitionInfo/works/updateWorkPropertyRight',
    auth: true,
    setup: defaultWork,
    rows: [
      {
        label: 'a PDF and a scan, uploaded',
        data: { propertyRight: [PDF_FILE, PNG_FILE], original: true },
        passes: SAVED,
      },
      {
        label: 'a file never uploaded',
        data: { propertyRight: [PDF_FILE, NOT_UPLOADED], original: true },
        passes: FILE_MISSING,
      },
      { label: 'no files', data: { propertyRight: [], original: true }, message: '请上传知识产权证明文件' },
      {
        label: 'six files',
        data: { propertyRight: Array(6).fill(PDF_FILE), original: true },
        message: '知识产权证明最多上传5个文件',
      },
      {
        label: 'a Word document',
        data: { propertyRight: [{ fileUrl: '/api/files/a.docx', fileOgName: '证书.docx' }], original: true },
        message: DOCUMENT_TYPES,
      },
      {
        label: 'pledge unticked',
        data: { propertyRight: [PDF_FILE], original: false },
        message: '请承诺作品为本人（团队）原创',
      },
      {
        label: 'pledge missing',
        data: { propertyRight: [PDF_FILE] },
        message: '请承诺作品为本人（团队）原创',
      },
    ],
  },
  'competition-display-board': {
    url: '/tbCompetitionInfo/works/updateDisplayBoard',
    auth: true,
    setup: defaultWork,
    rows: [
      { label: 'one board, uploaded', data: { displayBoard: [PNG_FILE] }, passes: SAVED },
      { label: 'a board never uploaded', data: { displayBoard: [NOT_UPLOADED] }, passes: FILE_MISSING },
      { label: 'no boards', data: { displayBoard: [] }, message: '请上传展板' },
      { label: 'boards missing', data: {}, message: '请上传展板' },
      { label: 'four boards', data: { displayBoard: Array(4).fill(PNG_FILE) }, message: '展板最多上传3张' },
      { label: 'a PDF board', data: { displayBoard: [PDF_FILE] }, message: IMAGE_TYPES },
    ],
  },
  'works-register': {
    url: '/works/register',
    auth: true,
    rows: [
      // Valid by form; the server then looks for the file in storage (never uploaded here).
      { label: 'valid, file never uploaded', data: WORKS, passes: '作品文件不存在，请重新上传' },
      { label: 'no work file', data: { ...WORKS, worksFile: undefined }, message: '请上传作品文件' },
      { label: 'an empty work file', data: { ...WORKS, worksFile: {} }, message: '请上传作品文件' },
      { label: 'a one-character name', data: { ...WORKS, worksName: '灯' }, message: '作品名称为2-50个字' },
      { label: 'no type', data: { ...WORKS, worksType: '' }, message: '请选择作品类型' },
      { label: 'six tags', data: { ...WORKS, tag: '一,二,三,四,五,六' }, message: TAGS },
      { label: 'a 13-character tag', data: { ...WORKS, tag: '十三个字的标签名字太长了吧' }, message: TAGS },
      {
        label: 'ten description images',
        data: { ...WORKS, images: Array(10).fill(PNG_FILE) },
        message: '作品说明图最多上传9张',
      },
      {
        label: 'an exe as the work file',
        data: { ...WORKS, worksFile: { fileUrl: '/api/files/x.exe', fileOgName: 'x.exe' } },
        message: '仅支持 jpg、jpeg、png、gif、webp、bmp、tif、eps、mp4、txt、pdf、zip 格式的文件，请重新上传',
      },
      {
        label: 'declaration not ticked',
        data: { ...WORKS, read: false },
        message: '请阅读并确认作品确权声明',
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
    async (_, { name, url, auth, setup, row }) => {
      const fromForm = formMessage(name, row.data)
      const fromApi = await apiMessage(url, { ...row.data, ...(await setup?.()) }, auth)
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
