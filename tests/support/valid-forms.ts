import type { FormName } from '../../schemas/forms/index.ts'

/**
 * A real-name form that passes every check, the server's region and dictionary checks included
 * (320505 is a district, 2 a listed profession). Tests change one field from here.
 */
export const VALID_REALNAME = {
  username: '陈思远',
  identityType: '1',
  identity: '11010519900307123x',
  cityId: '320505',
  professional: '2',
  professionalName: '产品设计师',
  read: true,
}

/** An uploaded file as the upload endpoint answers it (the hash of an empty file, for shape only). */
const file = (name: string, ext: string) => ({
  fileUrl: `/api/files/e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855.${ext}`,
  fileOgName: name,
})

const competitionRegistration = {
  entrantType: '1',
  name: '青禾设计小组',
  companyName: '西岭大学设计学院（示例）',
  companyType: '2',
  phone: '13700000001',
  email: 'qinghe@kabu.example',
  address: '江苏省苏州市姑苏区青石路 1 号（示例）',
  agree: true,
}

/**
 * One valid sample per registered form (tests/unit/forms-registry.test.ts checks that every form has
 * one, that it passes the form and the server alike, and that normalization leaves it as it is).
 * Tests change one field from here.
 */
export const VALID_FORMS = {
  realname: VALID_REALNAME,
  login: { account: '13800000001', password: 'Kabu2026!' },
  address: { userName: '陈思远', phone: '13800000001', cityId: '320505', address: '青石路 1 号（演示地址）' },
  'password-reset': {
    phone: '13811112222',
    code: '123456',
    password: 'abcd1234',
    confirmPassword: 'abcd1234',
  },
  'event-signup': {
    name: '王珂',
    phone: '13700000001',
    organization: '西岭大学设计学院（示例）',
    read: true,
  },
  'event-check-in': { name: '王珂', phone: '13700000011' },
  'sign-up': {
    account: '13811112222',
    code: '123456',
    password: 'abcd1234',
    confirmPassword: 'abcd1234',
    read: true,
  },
  'password-change': { oldPassword: 'Kabu2026!', password: 'abcd1234', confirmPassword: 'abcd1234' },
  profile: { nickname: '思远设计' },
  resume: { realName: '陈思远', title: '工业设计师', summary: '专注家用电器与小家电的造型与 CMF 设计。' },
  'competition-registration': competitionRegistration,
  'competition-qt-registration': { ...competitionRegistration, qtType: '3' },
  'competition-work-base': {
    worksName: '折叠式城市共享座椅',
    range: 'product',
    proposition: 'p2',
    cover: file('封面.jpg', 'jpg'),
    images: [file('细节一.png', 'png'), file('使用场景.jpeg', 'jpeg')],
    abstract: '一款可单手折叠、适合公交站与街角的共享座椅，回收材料一体注塑成型。',
  },
  'competition-work-info': {
    designConcept:
      '城市街角常缺少临时休息的座位。本设计以单手折叠结构为核心，展开时形成稳定三角支撑，收起时厚度不足八厘米，可贴墙安装；整体采用回收聚丙烯一体注塑，便于维护与替换。',
    innovation: '单手折叠的联动结构；回收材料一体成型。',
    teamMembers: [
      { name: '林晓雨', role: '结构设计', phone: '13700000002' },
      { name: '周可', role: '渲染与展板' },
    ],
  },
  'competition-adviser': {
    advisers: [
      { name: '陈思远', title: '副教授', company: '西岭大学设计学院（示例）', phone: '13700000003' },
    ],
  },
  'competition-property-right': {
    propertyRight: [file('外观专利证书.pdf', 'pdf'), file('授权书.jpg', 'jpg')],
    original: true,
  },
  'competition-display-board': { displayBoard: [file('展板一.jpg', 'jpg')] },
  'works-register': {
    worksFile: file('栖光台灯.png', 'png'),
    images: [file('细节图1.jpg', 'jpg')],
    worksName: '「栖光」折叠台灯',
    worksType: '2',
    tag: '台灯,极简,铝合金',
    worksAbstract: '一盏可以完全折平收进抽屉的桌面台灯。',
    read: true,
  },
} satisfies Record<FormName, Record<string, unknown>>
