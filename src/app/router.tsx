import {
  createBrowserRouter,
  type HydrationState,
  matchRoutes,
  type RouteObject,
  redirect,
} from 'react-router'
import type { EventRoute } from '../../definitions/events/route-table.ts'
import { eventRoutes, servedEventRoutes } from '../engine/events/routes.ts'
import { paths, routerBasename } from '../lib/paths.ts'
import { BootScreen } from './boot-screen.tsx'
import { PageError } from './page-error.tsx'
import { rootLoader } from './root-loader.ts'
import { RouteError } from './route-error.tsx'
import { Shell } from './shell/shell.tsx'
import { signedIn } from './sign-in-guard.ts'

/** A page under the root route: its path in the paths table, which React Router wants relative here. */
const at = ({ path }: { path: string }) => path.slice(1)

const home = () => import('../features/home/home-page.tsx')
const payment = signedIn(() => import('../features/payment/payment-page.tsx'))

/**
 * /:competition/… — every competition in competitions/ (SPEC §2 Competitions), rendered by the
 * competition engine from the definition the server serves. Static routes rank above this dynamic
 * segment, and the checker refuses slugs that are core routes (definitions/core/reserved.ts).
 */
const competitionRoutes: RouteObject = {
  id: 'competition',
  path: at(paths.competition),
  lazy: () => import('../engine/competition/route.tsx'),
  children: [
    { index: true, loader: ({ params }) => redirect(paths.competition.getHref(params.competition ?? '')) },
    { path: 'index', lazy: () => import('../engine/competition/index-page.tsx') },
    { path: 'preview', lazy: () => import('../engine/competition/preview-page.tsx') },
    { path: 'results', lazy: () => import('../engine/competition/results-page.tsx') },
    {
      // The entrant's workspace (signed in, rendered in the browser): the step bar over each step.
      lazy: signedIn(() => import('../engine/competition/workspace/workspace-route.tsx')),
      children: [
        {
          path: 'base',
          children: [
            { index: true, lazy: () => import('../engine/competition/workspace/resume-step.tsx') },
            { path: 'infomation', lazy: () => import('../engine/competition/workspace/infomation-page.tsx') },
            {
              path: 'works',
              children: [
                { index: true, loader: ({ params }) => redirect(`/${params.competition}/base`) },
                { path: 'base', lazy: () => import('../engine/competition/workspace/work-base-page.tsx') },
                { path: 'info', lazy: () => import('../engine/competition/workspace/work-info-page.tsx') },
                {
                  path: 'display',
                  lazy: () => import('../engine/competition/workspace/work-display-page.tsx'),
                },
                { path: 'add', lazy: () => import('../engine/competition/workspace/work-add-page.tsx') },
                {
                  path: 'manage',
                  lazy: () => import('../engine/competition/workspace/works-manage-page.tsx'),
                },
              ],
            },
          ],
        },
        { path: 'pay', lazy: () => import('../engine/competition/workspace/pay-page.tsx') },
      ],
    },
  ],
}

/** The console's screens, each a lazy chunk no public page loads. */
const manageRoutes = (): RouteObject[] =>
  (
    [
      [paths.manage, () => import('../features/manage/competitions-page.tsx')],
      [paths.manageEntries, () => import('../features/manage/entries-page.tsx')],
      [paths.manageEntry, () => import('../features/manage/entry-page.tsx')],
      [paths.manageResults, () => import('../features/manage/results-page.tsx')],
      [paths.manageSignups, () => import('../features/manage/signups-page.tsx')],
      [paths.manageEvents, () => import('../features/manage/events-page.tsx')],
      [paths.manageRefunds, () => import('../features/manage/refunds-page.tsx')],
      [paths.manageStaff, () => import('../features/manage/staff-page.tsx')],
      [paths.manageDefinitions, () => import('../features/manage/definitions-page.tsx')],
      [paths.manageJudging, () => import('../features/manage/judging-page.tsx')],
      [paths.manageCertificates, () => import('../features/manage/certificates-page.tsx')],
      [paths.manageCertificatePosts, () => import('../features/manage/certificate-posts-page.tsx')],
      [paths.manageSchedule, () => import('../features/manage/schedule-page.tsx')],
      [paths.manageMessages, () => import('../features/manage/messages-page.tsx')],
    ] as const
  ).map(([page, load]) => ({ path: at(page), lazy: signedIn(load) }))

/**
 * Every feature is a lazy route: the home page loads only the shell and itself. The paths are the
 * paths table's (src/lib/paths.ts); the events' come from the server with each page (`events`).
 */
export const appRoutes = (events: EventRoute[]): RouteObject[] => [
  {
    id: 'root',
    path: paths.home.path,
    Component: Shell,
    ErrorBoundary: RouteError,
    // Shown while the user check of a returning visitor runs on first load; anonymous visitors skip it.
    HydrateFallback: BootScreen,
    loader: rootLoader,
    // The user check is cheap once the name is loaded, and must run after /redirect stores a token.
    shouldRevalidate: () => true,
    children: [
      {
        // Pathless: a page that fails to load (its data or a stale chunk) shows its error here, inside
        // the shell, instead of bubbling to the root boundary that replaces header and footer.
        id: 'page',
        ErrorBoundary: PageError,
        children: [
          { index: true, lazy: home },
          { path: at(paths.index), lazy: home },
          { path: at(paths.login), lazy: () => import('../features/account/login-page.tsx') },
          {
            path: at(paths.forgetPassword),
            lazy: () => import('../features/account/forget-password-page.tsx'),
          },
          { path: at(paths.wechatLogin), lazy: () => import('../features/account/wechat-login-page.tsx') },
          {
            path: at(paths.authorizeWechat),
            lazy: () => import('../features/account/authorize-wechat-route.ts'),
          },
          { path: at(paths.redirect), lazy: () => import('../features/account/redirect-page.tsx') },
          { path: at(paths.search), lazy: () => import('../features/search/search-page.tsx') },
          { path: at(paths.agreement), lazy: () => import('../features/agreements/agreement-page.tsx') },
          { path: at(paths.landing), lazy: () => import('../engine/landing/route.tsx') },
          ...[paths.payment, paths.certPayment, paths.certAgainPayment].map((page) => ({
            path: at(page),
            lazy: payment,
          })),
          { path: at(paths.authIndex), lazy: () => import('../features/certification/auth-index-page.tsx') },
          {
            path: at(paths.authSearch),
            lazy: () => import('../features/certification/auth-search-page.tsx'),
          },
          {
            path: at(paths.certification),
            lazy: () => import('../features/certification/certification-page.tsx'),
          },
          {
            path: at(paths.certificationSearch),
            lazy: () => import('../features/certification/directory-page.tsx'),
          },
          {
            path: at(paths.certificationPromote),
            lazy: () => import('../features/certification/promote-page.tsx'),
          },
          {
            path: at(paths.certApply),
            lazy: signedIn(() => import('../features/certification/apply-page.tsx')),
          },
          { path: at(paths.worksIndex), lazy: () => import('../features/works/index-page.tsx') },
          { path: at(paths.worksDetail), lazy: () => import('../features/works/detail-page.tsx') },
          { path: at(paths.worksVerify), lazy: () => import('../features/works/verify-page.tsx') },
          {
            path: at(paths.receiptVerify),
            lazy: () => import('../features/competition-receipts/verify-page.tsx'),
          },
          {
            path: at(paths.certVerify),
            lazy: () => import('../features/competition-certificates/verify-page.tsx'),
          },
          // The judges' workspace: staff screens, lazy like every page, so public pages never carry them.
          { path: at(paths.judge), lazy: signedIn(() => import('../features/judge/rounds-page.tsx')) },
          { path: at(paths.judgeRound), lazy: signedIn(() => import('../features/judge/round-page.tsx')) },
          { path: at(paths.judgeEntry), lazy: signedIn(() => import('../features/judge/entry-page.tsx')) },
          { path: at(paths.designers), lazy: () => import('../features/designers/index-page.tsx') },
          { path: at(paths.designerDetail), lazy: () => import('../features/designers/detail-page.tsx') },
          { path: at(paths.talents), lazy: () => import('../features/talents/index-page.tsx') },
          { path: at(paths.talentDetail), lazy: () => import('../features/talents/detail-page.tsx') },
          { path: at(paths.mine), lazy: signedIn(() => import('../features/mine/mine-page.tsx')) },
          {
            path: at(paths.resumeEdit),
            lazy: signedIn(() => import('../features/mine/resume-edit-page.tsx')),
          },
          {
            path: at(paths.resumeView),
            lazy: signedIn(() => import('../features/mine/resume-view-page.tsx')),
          },
          { path: at(paths.news), lazy: () => import('../features/news/news-index-page.tsx') },
          { path: at(paths.newsDetail), lazy: () => import('../features/news/news-detail-page.tsx') },
          {
            path: at(paths.quotation),
            lazy: () => import('../features/quotation/quotation-index-page.tsx'),
          },
          {
            path: at(paths.quotationDetail),
            lazy: () => import('../features/quotation/quotation-detail-page.tsx'),
          },
          {
            path: at(paths.historyVideos),
            lazy: () => import('../features/history-video/video-list-page.tsx'),
          },
          {
            path: at(paths.historyVideoDetail),
            lazy: () => import('../features/history-video/video-detail-page.tsx'),
          },
          {
            path: at(paths.downloadWord),
            lazy: () => import('../features/others/download-word-page.tsx'),
          },
          // The spec's hidden {token}{id} route: a signed document link (server/services/articles/download-links.ts).
          {
            path: at(paths.signedDownload),
            lazy: () => import('../features/others/signed-download-page.tsx'),
          },
          { path: at(paths.showVideo), lazy: () => import('../features/others/show-video-page.tsx') },
          { path: at(paths.appDownload), lazy: () => import('../features/others/app-download-page.tsx') },
          {
            path: at(paths.questionnaireExport),
            lazy: () => import('../features/others/questionnaire-export-page.tsx'),
          },
          { path: at(paths.siteVerifyBd), lazy: () => import('../features/others/site-verify-page.tsx') },
          { path: at(paths.notFound), lazy: () => import('../features/others/not-found-page.tsx') },
          { path: at(paths.events), lazy: () => import('../features/events/hub-page.tsx') },
          {
            path: at(paths.mobileCompetitions),
            lazy: () => import('../features/events/mobile-list-page.tsx'),
          },
          { path: at(paths.signIn), lazy: () => import('../features/events/sign-in-page.tsx') },
          // The organisers' console: staff only, its own chunks (README "Organisers' console").
          ...manageRoutes(),
          // Every event of events/ at the path its file names (README "活动页").
          ...eventRoutes(events),
          competitionRoutes,
          // Any unknown path goes to /404 (SPEC §2).
          { path: '*', loader: () => redirect(paths.notFound.path) },
        ],
      },
    ],
  },
]

/** The app's own routes, without events: what tests of the route table read. */
export const routes = appRoutes([])

let browserRoutes: RouteObject[] | undefined
/** The browser's table: the app's routes and the events this page was served with. */
const routesInBrowser = () => {
  browserRoutes ??= appRoutes(servedEventRoutes())
  return browserRoutes
}

export function createRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routesInBrowser(), { basename: routerBasename, hydrationData })
}

/**
 * Loads the lazy routes that match the address and puts their exports into the route table, as
 * hydration needs: a lazy route still loading would render the fallback over the server's markup.
 */
export async function prepareHydration(): Promise<void> {
  const matches = matchRoutes(routesInBrowser(), window.location, routerBasename) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const module = await route.lazy()
      Object.assign(route, { ...module, lazy: undefined })
    }),
  )
}
