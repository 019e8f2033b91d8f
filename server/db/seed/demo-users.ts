/** Demo accounts, listed in the README. Both share one password so a newcomer can try either. */
export const DEMO_PASSWORD = 'Kabu2026!'

export const demoUsers = [
  {
    account: '13800000001',
    email: 'designer@kabu.example',
    username: '陈思远',
    nickname: '思远设计',
    profile_photo: 'avatars/designer-01.svg',
    // A designer with balance for certification payment: ¥1,280.00 and 360 points.
    money_fen: 128_000,
    integral: 360,
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
] as const

/** The designer's verified identity (a made-up number of valid shape; Suzhou, industrial design). */
export const DEMO_REALNAME = {
  account: '13800000001',
  form: {
    username: '陈思远',
    identity_type: '1',
    identity: '320505199003071234',
    city_id: '320505',
    professional: '1',
    professional_name: '工业设计师',
  },
} as const
