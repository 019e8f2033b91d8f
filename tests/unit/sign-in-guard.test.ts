// @vitest-environment jsdom
import { type LoaderFunctionArgs, matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routes } from '../../src/app/router.tsx'
import { removeToken } from '../../src/lib/token.ts'

/** A competition the unit project's API serves (tests/support/competitions.ts). */
const competition = 'qt2025'

/**
 * Where the router sends a signed-out visitor who asks for `address`: the loaders of the matched
 * routes run as the router runs them (each lazy module loaded first, then its loader), and the first
 * redirect wins. The competition's loaders read the definition from the unit project's real API.
 */
async function redirectOf(address: string): Promise<string | null> {
  const url = new URL(address, window.location.origin)
  const matches = matchRoutes(routes, url.pathname) ?? []
  const request = new Request(url)
  const results = await Promise.allSettled(
    matches.map(async ({ route, params }) => {
      const loaded: RouteObject =
        typeof route.lazy === 'function' ? { ...route, ...(await route.lazy()) } : route
      const loader = loaded.loader
      if (typeof loader === 'function') await loader({ request, params } as LoaderFunctionArgs)
    }),
  )
  for (const result of results)
    if (result.status === 'rejected' && result.reason instanceof Response)
      return result.reason.headers.get('Location')
  return null
}

describe('the sign-in guard (src/app/sign-in-guard.ts)', () => {
  const back = (to: string) => `/login?return_url=${encodeURIComponent(to)}`

  it('sends a signed-out visitor to sign in, coming back to the same path and query', async () => {
    removeToken()
    for (const to of [
      '/mine?change=Bill',
      '/mine/cv?from=mine',
      '/mine/cvself?from=mine',
      '/cert/apply?from=home',
    ])
      expect(await redirectOf(to), to).toBe(back(to))
  })

  it('guards a competition’s workspace, after its definition has said the path exists', async () => {
    removeToken()
    const to = `/${competition}/base/infomation?from=index`
    expect(await redirectOf(to)).toBe(back(to))
    // qt2025 has no fee: its pay step is a 404 for everyone, signed in or not.
    expect(await redirectOf(`/${competition}/pay`)).toBe('/404')
  })

  it('leaves the public pages alone', async () => {
    removeToken()
    for (const to of ['/index', '/certification/index', '/works/index', '/news/index'])
      expect(await redirectOf(to), to).toBeNull()
  })
})
