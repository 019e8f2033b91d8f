import { useEffect } from 'react'
import { SITE_NAME } from './page-head.ts'

/** The tab title of a private page, which has no server-rendered head (src/lib/page-head.ts). */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} - ${SITE_NAME}`
  }, [title])
}
