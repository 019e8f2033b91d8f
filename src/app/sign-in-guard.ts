import type { LoaderFunctionArgs } from 'react-router'
import { redirect } from 'react-router'
import { loginReturningTo } from '../lib/paths.ts'
import { getToken } from '../lib/token.ts'

type Loader = (args: LoaderFunctionArgs) => unknown
type RouteModule = { loader?: Loader } & Record<string, unknown>

/**
 * A lazy route only a signed-in visitor sees: the personal area, payment, applying for
 * certification, a competition's workspace. The page's own loader decides first — a competition path
 * its definition lacks is a 404 for everyone, signed in or not — then a visitor without a token signs
 * in and comes back to the same path and query. The server renders these pages signed out and leaves
 * the check to the browser, where the token is.
 */
export function signedIn<M extends RouteModule>(load: () => Promise<M>): () => Promise<M> {
  return async () => {
    const module = await load()
    const own = module.loader
    const loader = async (args: LoaderFunctionArgs) => {
      const data = own ? await own(args) : null
      if (!import.meta.env.SSR && !getToken()) throw redirect(loginReturningTo(new URL(args.request.url)))
      return data
    }
    return { ...module, loader }
  }
}
