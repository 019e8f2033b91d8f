/** Demo accounts, listed in the README. Both share one password so a newcomer can try either. */
export const DEMO_PASSWORD = 'Kabu2026!'

export const demoUsers = [
  {
    account: '13800000001',
    email: 'designer@kabu.example',
    username: '陈思远',
    nickname: '思远设计',
    profile_photo: 'avatars/designer-01.svg',
    // Seeded ¥1,578.00 and 62 points; the seed then pays one year of certification from the balance
    // (seedDemoCertification), leaving ¥1,280.00 and 360 points — above the fee, so all methods work.
    money_fen: 157_800,
    integral: 62,
  },
  {
    account: '13800000002',
    email: null,
    username: '林晓',
    nickname: null,
    profile_photo: null,
    money_fen: 0,
    integral: 0,
  },
  {
    account: '13800000003',
    email: null,
    username: '周可',
    nickname: null,
    profile_photo: null,
    // Verified but short of the fee (¥50.00): the payment page disables the balance method.
    money_fen: 5_000,
    integral: 20,
  },
  // Staff (README "Staff roles"): plainly invented, with the same published password; their roles
  // come from DEMO_STAFF (seed/staff.ts), and a production start locks them like the others. The
  // judges have people's names: entrants read comments as 评委一, 评委二… (published.ts anonymousJudge),
  // numbered per work, so a judge named 评委乙 could be shown as 评委一.
  ...(['示例管理员', '顾岚（示例）', '沈知行（示例）', '许墨（示例）'] as const).map((username, i) => ({
    account: `138000000${10 + i}`,
    email: null,
    username,
    nickname: null,
    profile_photo: null,
    money_fen: 0,
    integral: 0,
  })),
] as const

/** The demo staff's roles: one admin, and three judges of the first demo competition (lowest id). */
export const DEMO_STAFF = [
  { account: '13800000010', role: 'admin' },
  { account: '13800000011', role: 'judge' },
  { account: '13800000012', role: 'judge' },
  { account: '13800000013', role: 'judge' },
] as const

/** Verified identities (made-up numbers of valid shape). */
export const DEMO_REALNAMES = [
  {
    account: '13800000001',
    form: {
      username: '陈思远',
      identity_type: '1',
      identity: '320505199003071234',
      city_id: '320505',
      professional: '1',
      professional_name: '工业设计师',
    },
  },
  {
    account: '13800000003',
    form: {
      username: '周可',
      identity_type: '1',
      identity: '330106199508152345',
      city_id: '330106',
      professional: '1',
      professional_name: '产品设计师',
    },
  },
] as const

/** The designer whose certification the seed pays for, from the balance, through the real payment path. */
export const DEMO_CERTIFIED = '13800000001'
