/** Typed table of the SPA's paths, so links are not spelled by hand across the code (SPEC §2). */
export const paths = {
  home: '/',
  index: '/index',
  login: '/login',
  forgetPassword: '/forgetPwd',
  redirect: '/redirect',
  search: '/search/index',
  notFound: '/404',
  mine: '/mine',
  agreement: (key: 'user' | 'private' | 'disclaimer') => `/agreement/${key}`,
} as const

/** The tabs of /mine, chosen by its `change` query (SPEC §2 Account and personal area). */
export type MineTab = 'Info' | 'Cert' | 'Work' | 'Setting' | 'Bill' | 'Order' | 'Address'
export const mineTab = (tab: MineTab) => `${paths.mine}?change=${tab}`

export const searchPath = (keyword: string) => `${paths.search}?keyword=${encodeURIComponent(keyword)}`

export const loginPath = (returnUrl?: string) =>
  returnUrl ? `${paths.login}?return_url=${encodeURIComponent(returnUrl)}` : paths.login

/** Resolves a public asset path (e.g. partners/x.svg) against the build's base path. */
export const assetUrl = (file: string) =>
  /^(https?:|data:|\/)/.test(file) ? file : `${import.meta.env.BASE_URL}${file}`
