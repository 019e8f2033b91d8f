import type { UIMatch } from 'react-router'

/**
 * What a page tells search engines and share cards (WeChat, Weibo read the HTML and run no script).
 * A route module exports `handle = pageHead(loaderData => ({…}))`; a page with a head is public: the
 * server renders it as complete HTML with these tags, and the browser keeps them current on
 * navigation. Pages without one (the personal area) render in the browser only.
 */
interface PageHead {
  /** The page's own title; the site name is appended, except on the home page (`fullTitle`). */
  title: string
  fullTitle?: boolean
  description?: string
  /** A site path (`/landing/…png`) or an absolute URL; PNG or JPEG, since share cards take no SVG. */
  image?: string
  /** The one address search engines should index, when several serve the page (/ and /index). */
  canonical?: string
}

interface PageHandle {
  head(data: unknown): PageHead
  /** The head is made from the parent route's data (a competition's pages share its definition). */
  fromParent?: boolean
  /** See PageOptions.startsWhenUsed. */
  startsWhenUsed?: (data: unknown) => boolean
}

interface PageOptions<Data> {
  /**
   * A page to read: its server HTML is the whole page for a visitor who only reads, and the app
   * starts (loads React, hydrates) when the visitor first moves, touches, scrolls or types, instead
   * of while the page loads (src/main.tsx). Its links are plain links meanwhile. True, or a rule on
   * the page's data (a landing page whose first sections move by themselves starts at once).
   */
  startsWhenUsed?: boolean | ((data: Data) => boolean)
}

export const SITE_NAME = '咖簿网'
export const SITE_DESCRIPTION = '咖簿网：工业设计师实名认证、作品确权、设计竞赛与设计师名录平台'
/** The site's own share card, for pages that name no image of their own. */
export const SITE_SHARE_IMAGE = '/share.jpg'

/** A route module's handle: `export const handle = pageHead<LoaderData>((data) => ({ title: … }))`. */
export function pageHead<Data = undefined>(
  head: (data: Data) => PageHead,
  options: PageOptions<Data> = {},
): PageHandle {
  const { startsWhenUsed } = options
  return {
    head: head as (data: unknown) => PageHead,
    ...(startsWhenUsed && {
      startsWhenUsed: (typeof startsWhenUsed === 'function' ? startsWhenUsed : () => true) as (
        data: unknown,
      ) => boolean,
    }),
  }
}

const isPageHandle = (handle: unknown): handle is PageHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as PageHandle).head === 'function'

type Matches = ReadonlyArray<Pick<UIMatch, 'handle' | 'loaderData'>>

/** The deepest matched page that has a head, with the data its head is made from. */
function deepestPage(matches: Matches): { handle: PageHandle; data: unknown } | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!
    if (!isPageHandle(match.handle)) continue
    const data = match.handle.fromParent ? matches[i - 1]?.loaderData : match.loaderData
    // A head made from the page's data has nothing to say while that data failed to load (the page
    // shows its error instead).
    if (match.handle.head.length > 0 && data === undefined) continue
    return { handle: match.handle, data }
  }
  return undefined
}

/** The tags of the deepest matched page that has a head, resolved; undefined for a private page. */
export function headOf(matches: Matches) {
  const page = deepestPage(matches)
  if (!page) return undefined
  const head = page.handle.head(page.data)
  return {
    title: head.fullTitle ? head.title : `${head.title} - ${SITE_NAME}`,
    description: head.description ?? SITE_DESCRIPTION,
    image: head.image ?? SITE_SHARE_IMAGE,
    ogTitle: head.title,
    canonical: head.canonical,
  }
}

/** Whether the matched page is one to read, whose app starts at the visitor's first move. */
export function startsWhenUsed(matches: Matches): boolean {
  const page = deepestPage(matches)
  return page?.handle.startsWhenUsed?.(page.data) ?? false
}

export type ResolvedHead = NonNullable<ReturnType<typeof headOf>>
