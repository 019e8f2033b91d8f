import { LOGIN_PAGE } from '../../schemas/contract.ts'

/**
 * Every site path goes through here (SPEC §2: in staging the base path carries a test prefix).
 *
 * Two kinds of path meet in the SPA. A *site path* is what the router and the paths table speak:
 * `/agreement/user`, the same in every deployment. An *address* is what the browser sees:
 * `/test/agreement/user` when the build has BASE_PATH=/test/. The router's <Link>, navigate() and
 * redirect() add the prefix themselves, so they take site paths. Anything the router does not see —
 * an <a href> opening a new tab, an <img src>, a QR code, window.location — needs an address, made by
 * `toAddress`; and an address read back from the browser becomes a site path with `toSitePath`.
 */

/** A page whose address is its route: the router matches `path`, links go to `getHref()`. */
const page = <P extends string>(path: P) => ({ path, getHref: () => path })

/**
 * The typed table of the SPA's site paths (bulletproof-react's model): `path` is the pattern the
 * router (src/app/router.tsx) matches, `getHref(…)` the site path a link, navigate() or redirect()
 * takes. The shell, the features and the components take their links from here; the competition
 * engine links to the pages under a slug (the definition's routes, routesOf) through
 * `paths.competition.getHref(slug, page)`.
 */
export const paths = {
  home: page('/'),
  index: page('/index'),
  login: page(LOGIN_PAGE),
  forgetPassword: page('/forgetPwd'),
  wechatLogin: page('/wxlogin'),
  authorizeWechat: page('/authorizeWx'),
  redirect: page('/redirect'),
  search: page('/search/index'),
  notFound: page('/404'),
  mine: page('/mine'),
  resumeEdit: page('/mine/cv'),
  resumeView: page('/mine/cvself'),
  payment: page('/payment'),
  certPayment: page('/certPayment'),
  certAgainPayment: page('/certAgainPayment'),
  authIndex: page('/auth/index'),
  authSearch: page('/auth/search'),
  certification: page('/certification/index'),
  certificationSearch: page('/certification/search'),
  certificationPromote: page('/certification/promote'),
  certApply: page('/cert/apply'),
  designers: page('/designer/index'),
  /** A designer's page (SPEC §2 "Cards": where a creator card leads). */
  designerDetail: { path: '/designer/detail', getHref: (id: number) => `/designer/detail?id=${id}` },
  talents: page('/talent/index'),
  talentDetail: { path: '/talent/detail', getHref: (id: number) => `/talent/detail?id=${id}` },
  agreement: { path: '/agreement/:key', getHref: (key: AgreementKey) => `/agreement/${key}` },
  /** A landing page of landing-pages/ (README "落地页"). */
  landing: { path: '/application/:slug', getHref: (slug: string) => `/application/${slug}` },
  /**
   * A competition's page (competitions/<slug>.json), its public index unless another is named. The
   * `:competition` segment ranks below every static route; the pages under it are the definition's
   * (routesOf, definitions/competition).
   */
  competition: {
    path: '/:competition',
    getHref: (slug: string, page = 'index') => `/${slug}/${page}`,
  },
  // Rights-confirmed works (SPEC §2 Home and directories); /works/verify is what a work's QR code opens.
  worksIndex: page('/works/index'),
  worksDetail: { path: '/works/detail', getHref: (id: number) => `/works/detail?id=${id}` },
  worksVerify: page('/works/verify'),
  /** What an entry receipt's QR code opens (?number=KBE…). */
  receiptVerify: {
    path: '/receipt/verify',
    getHref: (number: string) => `/receipt/verify?number=${encodeURIComponent(number)}`,
  },
  /** What a competition certificate's QR code opens (?number=KBS…). */
  certVerify: {
    path: '/cert/verify',
    getHref: (number: string) => `/cert/verify?number=${encodeURIComponent(number)}`,
  },
  // The organisers' console (README "Organisers' console"): staff only; the query carries the filters.
  manage: page('/manage'),
  manageEntries: {
    path: '/manage/entries',
    getHref: (competitionId: number, query = '') =>
      `/manage/entries?competitionId=${competitionId}${query ? `&${query}` : ''}`,
  },
  manageEntry: {
    path: '/manage/entry',
    getHref: (competitionId: number, id: number) => `/manage/entry?competitionId=${competitionId}&id=${id}`,
  },
  manageResults: {
    path: '/manage/results',
    getHref: (competitionId: number, roundId?: string) =>
      `/manage/results?competitionId=${competitionId}${roundId ? `&roundId=${encodeURIComponent(roundId)}` : ''}`,
  },
  manageSignups: page('/manage/signups'),
  manageEvents: page('/manage/events'),
  manageRefunds: page('/manage/refunds'),
  manageStaff: page('/manage/staff'),
  /** Reading the definition files again without a restart (admins; README "定义文件的重新读取"). */
  manageDefinitions: page('/manage/definitions'),
  /** A competition's judging rounds and their assignment (without competitionId: the first one). */
  manageJudging: {
    path: '/manage/judging',
    getHref: (competitionId: number) => `/manage/judging?competitionId=${competitionId}`,
  },
  manageCertificates: {
    path: '/manage/certificates',
    getHref: (competitionId: number) => `/manage/certificates?competitionId=${competitionId}`,
  },
  manageSchedule: {
    path: '/manage/schedule',
    getHref: (competitionId: number) => `/manage/schedule?competitionId=${competitionId}`,
  },
  manageCertificatePosts: {
    path: '/manage/certificate-posts',
    getHref: (competitionId: number) => `/manage/certificate-posts?competitionId=${competitionId}`,
  },
  /** Messages to a competition's entrants (README "Organisers' console"). */
  manageMessages: {
    path: '/manage/messages',
    getHref: (competitionId: number) => `/manage/messages?competitionId=${competitionId}`,
  },
  /** The judges' workspace (README "Judging"): my rounds, a round's entries, one entry's sheet. */
  judge: page('/judge'),
  judgeRound: {
    path: '/judge/round',
    getHref: (competitionId: number, roundId: string) =>
      `/judge/round?competitionId=${competitionId}&roundId=${encodeURIComponent(roundId)}`,
  },
  judgeEntry: {
    path: '/judge/entry',
    getHref: (competitionId: number, roundId: string, workId: number) =>
      `/judge/entry?competitionId=${competitionId}&roundId=${encodeURIComponent(roundId)}&workId=${workId}`,
  },
  // News, quotations, video history and the miscellaneous pages (SPEC §2).
  news: page('/news/index'),
  newsDetail: { path: '/news/detail', getHref: (id: number) => `/news/detail?id=${id}` },
  quotation: page('/quotation/index'),
  quotationDetail: { path: '/quotation/detail/:id', getHref: (id: number) => `/quotation/detail/${id}` },
  historyVideos: page('/historyVideo/list'),
  historyVideoDetail: {
    path: '/historyVideo/detail',
    getHref: (id: number) => `/historyVideo/detail?id=${id}`,
  },
  downloadWord: { path: '/others/downloadword/:id', getHref: (id: number) => `/others/downloadword/${id}` },
  /** The spec's hidden {token}{id} route: a signed document link that works without signing in. */
  signedDownload: {
    path: '/others/download/:token/:id',
    getHref: (token: string, id: number) => `/others/download/${token}/${id}`,
  },
  showVideo: page('/others/showVideo1'),
  appDownload: page('/others/sdskapp'),
  questionnaireExport: page('/questionnaire/export'),
  siteVerifyBd: page('/site-verify-bd'),
  /** Every competition and event (events/<slug>.json pages have their own paths, in their files). */
  events: page('/events/index'),
  mobileCompetitions: page('/mobile/competition/index'),
  /** The on-site check-in; with an event, what the venue's QR code opens. */
  signIn: {
    path: '/signIn',
    getHref: (event?: string) => (event ? `/signIn?event=${encodeURIComponent(event)}` : '/signIn'),
  },
} as const

/**
 * The works directory for a type, a designer and a page. Each filter starts again at page 1, so a page
 * number is only ever added by the pager.
 */
export function worksIndexPath({
  worksType = '',
  userId,
  page = 1,
}: {
  worksType?: string
  userId?: number
  page?: number
}) {
  const query = new URLSearchParams()
  if (worksType) query.set('worksType', worksType)
  if (userId) query.set('userId', String(userId))
  if (page > 1) query.set('page', String(page))
  const text = query.toString()
  return text ? `${paths.worksIndex.path}?${text}` : paths.worksIndex.path
}

export type AgreementKey = 'user' | 'private' | 'disclaimer'

/** The tabs of /mine, chosen by its `change` query (SPEC §2 Account and personal area). */
export type MineTab = 'Info' | 'Cert' | 'Competition' | 'Work' | 'Setting' | 'Bill' | 'Order' | 'Address'
export const mineTab = (tab: MineTab) => `${paths.mine.path}?change=${tab}`

/**
 * The personal area's tabs as the avatar dropdown lists them (SPEC §2 Shell), in order: the dropdown
 * and /mine's sidebar both read this list.
 */
export const MINE_TABS: ReadonlyArray<{ label: string; tab: MineTab }> = [
  { label: '认证信息', tab: 'Info' },
  { label: '竞赛证书', tab: 'Cert' },
  { label: '确权作品', tab: 'Work' },
  { label: '我的账户', tab: 'Bill' },
  { label: '我的订单', tab: 'Order' },
  { label: '收货地址', tab: 'Address' },
  { label: '个人设置', tab: 'Setting' },
]

/**
 * /mine's sidebar: the dropdown's tabs and 我的赛事 (issue 22), which the spec's dropdown does not list
 * (its 竞赛证书 leads to the certificates of the same entries).
 */
export const MINE_SIDEBAR_TABS: ReadonlyArray<{ label: string; tab: MineTab }> = [
  ...MINE_TABS.slice(0, 2),
  { label: '我的赛事', tab: 'Competition' },
  ...MINE_TABS.slice(2),
]

export const searchPath = (keyword: string) => `${paths.search.path}?keyword=${encodeURIComponent(keyword)}`

export const loginPath = (returnUrl?: string) =>
  returnUrl ? `${paths.login.path}?return_url=${encodeURIComponent(returnUrl)}` : paths.login.path

const EXTERNAL = /^(https?:|data:|blob:|mailto:|tel:|\/\/)/i
// The API (and the files it serves) lives at /api whatever the prefix (README, BASE_PATH).
const API = /^\/api(\/|$)/

/** The prefix arithmetic for one base path ('/' or e.g. '/test/'); the app uses the build's, tests others. */
export function sitePrefix(base: string) {
  // '' for the root, '/test' for a staging prefix.
  const root = `/${base.replace(/^\/+|\/+$/g, '')}`.replace(/^\/$/, '')
  return {
    /** What the router takes as its basename. */
    basename: root || '/',
    /** Site path → address: '/agreement/user' → '/test/agreement/user'. */
    toAddress(path: string): string {
      if (EXTERNAL.test(path) || API.test(path) || path.startsWith('#')) return path
      const absolute = path.startsWith('/') ? path : `/${path}`
      return `${root}${absolute}`
    },
    /** Address read from the browser → site path: '/test/login' → '/login'. Others are left alone. */
    toSitePath(address: string): string {
      if (!root) return address
      if (address === root) return '/'
      return address.startsWith(`${root}/`) || address.startsWith(`${root}?`)
        ? address.slice(root.length).replace(/^\?/, '/?')
        : address
    },
  }
}

const prefix = sitePrefix(import.meta.env.BASE_URL)

export const routerBasename = prefix.basename
export const toAddress = prefix.toAddress
export const toSitePath = prefix.toSitePath

/** /login, coming back afterwards to the path and query of `url` (an address the router was asked for). */
export const loginReturningTo = (url: URL) => loginPath(toSitePath(url.pathname) + url.search)

/**
 * A file of the build's public folder (landing artwork `/landing/…`, partner logos `partners/…`) as
 * the browser must ask for it: under the prefix. External URLs and /api files pass unchanged.
 */
export const assetUrl = (file: string) => toAddress(file)
