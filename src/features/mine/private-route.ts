import { type LoaderFunctionArgs, redirect } from 'react-router'
import { loginPath, toSitePath } from '../../lib/paths.ts'
import { getToken } from '../../lib/token.ts'

/**
 * The loader of a personal-area page: signed-out visitors sign in first and come back. The server
 * leaves these pages to the browser, where the token is.
 */
export function privateLoader({ request }: LoaderFunctionArgs) {
  if (import.meta.env.SSR) return null
  if (!getToken()) {
    const url = new URL(request.url)
    throw redirect(loginPath(toSitePath(url.pathname) + url.search))
  }
  return null
}
