import { describe, expect, it } from 'vitest'
import type { FormName } from '../../schemas/forms/index.ts'
import { PRECOMPILED } from '../../schemas/precompiled.ts'
import { firstError, normalize, validateForm } from '../../schemas/validate.ts'
import { parseForm } from '../../server/lib/form-body.ts'
import { formErrors } from '../../src/forms/validator.ts'
import { VALID_FORMS } from '../support/valid-forms.ts'

/** The first message the browser's form shows for the data. */
const formMessage = (name: FormName, data: Record<string, unknown>) =>
  firstError(name, formErrors(name, PRECOMPILED[name], data))

/** The message the server answers with (parseForm's code 400), or undefined when accepted. */
function serverMessage(name: FormName, data: Record<string, unknown>): string | undefined {
  try {
    parseForm(name, data)
    return undefined
  } catch (e) {
    return (e as Error).message
  }
}

const FILE_URL = '/api/files/e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
const image = (n: number) => ({ fileUrl: `${FILE_URL}.png`, fileOgName: `图${n}.png` })
const long = (n: number) => '设'.repeat(n)

type Row = [label: string, change: Record<string, unknown>, message: string]

/** Each rule of each competition form: one field changed from the valid sample, and its message. */
const RULES: Partial<Record<FormName, Row[]>> = {
  'competition-registration': [
    ['no entrant type', { entrantType: undefined }, '请选择参赛身份'],
    ['entrant type blank', { entrantType: '  ' }, '请选择参赛身份'],
    ['no name', { name: '' }, '姓名或团队名称不能为空'],
    ['name of one character', { name: '林' }, '姓名或团队名称为2-50个字'],
    ['name of 51 characters', { name: long(51) }, '姓名或团队名称为2-50个字'],
    ['organisation of 61 characters', { companyName: long(61) }, '单位 / 学校不能超过60个字'],
    ['no organisation type', { companyType: undefined }, '请选择单位类型'],
    ['no phone', { phone: undefined }, '请输入正确的11位手机号'],
    ['phone starting 12', { phone: '12800000001' }, '请输入正确的11位手机号'],
    ['10-digit phone', { phone: '1380000000' }, '请输入正确的11位手机号'],
    ['no email', { email: '' }, '邮箱不能为空'],
    ['email without domain', { email: 'qinghe@' }, '请输入正确的邮箱地址'],
    ['no address', { address: undefined }, '通讯地址不能为空'],
    ['address of four characters', { address: '青石路1' }, '通讯地址为5-100个字'],
    ['rules not accepted', { agree: false }, '请阅读并承诺遵守大赛章程'],
    ['rules missing', { agree: undefined }, '请阅读并承诺遵守大赛章程'],
  ],
  'competition-qt-registration': [
    ['no QT category', { qtType: undefined }, '请选择青苔类别'],
    ['no entrant type', { entrantType: undefined }, '请选择参赛身份'],
    ['bad phone', { phone: '1380000' }, '请输入正确的11位手机号'],
    ['rules not accepted', { agree: false }, '请阅读并承诺遵守大赛章程'],
  ],
  'competition-work-base': [
    ['no work name', { worksName: ' ' }, '作品名称不能为空'],
    ['work name of one character', { worksName: '椅' }, '作品名称为2-50个字'],
    ['work name of 51 characters', { worksName: long(51) }, '作品名称为2-50个字'],
    ['no category', { range: undefined }, '请选择参赛类别'],
    ['no cover', { cover: undefined }, '请上传作品封面'],
    [
      'cover as a data-URL',
      { cover: { fileUrl: 'data:image/png;base64,iVBORw0KGgo=', fileOgName: 'a.png' } },
      '仅支持 jpg、jpeg、png 格式的文件，请重新上传',
    ],
    [
      'cover on another site',
      { cover: { fileUrl: '//evil.example/a.png', fileOgName: 'a.png' } },
      '仅支持 jpg、jpeg、png 格式的文件，请重新上传',
    ],
    [
      'cover a PDF',
      { cover: { fileUrl: `${FILE_URL}.pdf`, fileOgName: 'a.pdf' } },
      '仅支持 jpg、jpeg、png 格式的文件，请重新上传',
    ],
    [
      'cover without its name',
      { cover: { fileUrl: `${FILE_URL}.png` } },
      '仅支持 jpg、jpeg、png 格式的文件，请重新上传',
    ],
    ['seven pictures', { images: [1, 2, 3, 4, 5, 6, 7].map(image) }, '作品图片最多上传6张'],
    [
      'a picture that is a plain string',
      { images: [`${FILE_URL}.png`] },
      '仅支持 jpg、jpeg、png 格式的文件，请重新上传',
    ],
    ['no abstract', { abstract: undefined }, '作品简介不能为空'],
    ['abstract of 19 characters', { abstract: long(19) }, '作品简介为20-500个字'],
    ['abstract of 501 characters', { abstract: long(501) }, '作品简介为20-500个字'],
  ],
  'competition-work-info': [
    ['no design concept', { designConcept: '' }, '设计说明不能为空'],
    ['design concept of 49 characters', { designConcept: long(49) }, '设计说明为50-2000个字'],
    ['design concept of 2001 characters', { designConcept: long(2001) }, '设计说明为50-2000个字'],
    ['innovation of 501 characters', { innovation: long(501) }, '创新点不能超过500个字'],
    [
      'six team members',
      { teamMembers: [1, 2, 3, 4, 5, 6].map((n) => ({ name: `成员${n}`, role: '建模' })) },
      '团队成员最多5人',
    ],
    ['member without a name', { teamMembers: [{ role: '建模' }] }, '成员姓名不能为空'],
    ['member whose name is spaces', { teamMembers: [{ name: '   ', role: '建模' }] }, '成员姓名不能为空'],
    ['member without a role', { teamMembers: [{ name: '林晓雨' }] }, '成员分工不能为空'],
    [
      'member role of 31 characters',
      { teamMembers: [{ name: '林晓雨', role: long(31) }] },
      '成员分工为1-30个字',
    ],
    [
      'member name of 31 characters',
      { teamMembers: [{ name: long(31), role: '建模' }] },
      '成员姓名为1-30个字',
    ],
    [
      'member with a bad phone',
      { teamMembers: [{ name: '林晓雨', role: '建模', phone: '1370000' }] },
      '请输入正确的11位手机号',
    ],
  ],
  'competition-adviser': [
    [
      'three advisers',
      {
        advisers: [1, 2, 3].map((n) => ({
          name: `老师${n}`,
          title: '教授',
          company: '西岭大学',
          phone: '13700000003',
        })),
      },
      '指导老师最多2位',
    ],
    [
      'adviser without a name',
      { advisers: [{ title: '教授', company: '西岭大学', phone: '13700000003' }] },
      '指导老师姓名不能为空',
    ],
    [
      'adviser without a title',
      { advisers: [{ name: '陈思远', company: '西岭大学', phone: '13700000003' }] },
      '指导老师职称不能为空',
    ],
    [
      'adviser without an organisation',
      { advisers: [{ name: '陈思远', title: '教授', phone: '13700000003' }] },
      '指导老师单位不能为空',
    ],
    [
      'adviser without a phone',
      { advisers: [{ name: '陈思远', title: '教授', company: '西岭大学' }] },
      '请输入正确的11位手机号',
    ],
    [
      'adviser with a bad email',
      {
        advisers: [
          { name: '陈思远', title: '教授', company: '西岭大学', phone: '13700000003', email: 'chen@' },
        ],
      },
      '请输入正确的邮箱地址',
    ],
  ],
  'competition-property-right': [
    ['no files', { propertyRight: undefined }, '请上传知识产权证明文件'],
    ['an empty list', { propertyRight: [] }, '请上传知识产权证明文件'],
    ['six files', { propertyRight: [1, 2, 3, 4, 5, 6].map(image) }, '知识产权证明最多上传5个文件'],
    [
      'a Word document',
      { propertyRight: [{ fileUrl: `${FILE_URL}.docx`, fileOgName: '证明.docx' }] },
      '仅支持 pdf、jpg、jpeg、png 格式的文件，请重新上传',
    ],
    ['originality not pledged', { original: false }, '请承诺作品为本人（团队）原创'],
  ],
  'competition-display-board': [
    ['no board', { displayBoard: undefined }, '请上传展板'],
    ['an empty list', { displayBoard: [] }, '请上传展板'],
    ['four boards', { displayBoard: [1, 2, 3, 4].map(image) }, '展板最多上传3张'],
    [
      'a PDF board',
      { displayBoard: [{ fileUrl: `${FILE_URL}.pdf`, fileOgName: '展板.pdf' }] },
      '仅支持 jpg、jpeg、png 格式的文件，请重新上传',
    ],
  ],
}

const cases = Object.entries(RULES).flatMap(([name, rows]) =>
  (rows ?? []).map(
    ([label, change, message]) => [`${name}: ${label}`, name as FormName, change, message] as const,
  ),
)

describe('competition forms: each rule gives its Chinese message, the same in the form and from the server', () => {
  it.each(cases)('%s', (_, name, change, message) => {
    const data = { ...VALID_FORMS[name], ...change }
    expect(formMessage(name, data)).toBe(message)
    expect(serverMessage(name, data)).toBe(message)
  })

  it('optional fields may be left out', () => {
    const base = { ...VALID_FORMS['competition-work-base'], proposition: undefined, images: undefined }
    expect(
      validateForm(
        'competition-work-base',
        PRECOMPILED['competition-work-base'],
        normalize('competition-work-base', base),
      ),
    ).toEqual({})
    expect(
      serverMessage('competition-registration', {
        ...VALID_FORMS['competition-registration'],
        companyName: '',
      }),
    ).toBeUndefined()
    expect(serverMessage('competition-work-info', { designConcept: long(50) })).toBeUndefined()
    expect(serverMessage('competition-adviser', { advisers: [] })).toBeUndefined()
  })

  it('nested values are trimmed like top-level ones', () => {
    const data = normalize('competition-work-info', {
      ...VALID_FORMS['competition-work-info'],
      teamMembers: [{ name: ' 林晓雨 ', role: '建模 ', phone: '' }],
    })
    expect(data.teamMembers).toEqual([{ name: '林晓雨', role: '建模' }])
  })

  it('choice fields hold any option the competition offers: the schema has no enum', () => {
    const data = {
      ...VALID_FORMS['competition-registration'],
      entrantType: 'teacher-team',
      companyType: '高校',
    }
    expect(serverMessage('competition-registration', data)).toBeUndefined()
  })
})
