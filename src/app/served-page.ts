import type { HydrationState } from 'react-router'

/** The element the server writes after the page's markup (src/entry-server.tsx). */
const SERVED_PAGE_ID = 'kb-page-data'

export interface ServedPage {
  renderedAt: number
  /** The emotion name of Chakra's global CSS, sent in the page's <style> (src/app/server-global-css.ts). */
  globalCss?: string
  hydration: HydrationState
  /** 'use': a page to read, whose app starts at the visitor's first move (src/lib/page-head.ts). */
  startOn?: 'use'
}

/**
 * The data a server-rendered page was rendered from, or null for the plain app shell. A JSON block
 * rather than an inline script: the Content-Security-Policy allows scripts from the site only.
 */
export function readServedPage(): ServedPage | null {
  const element = document.getElementById(SERVED_PAGE_ID)
  if (!element?.textContent) return null
  try {
    return JSON.parse(element.textContent) as ServedPage
  } catch {
    return null
  }
}
