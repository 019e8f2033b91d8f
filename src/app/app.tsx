import { ChakraProvider } from '@chakra-ui/react'
import type { EmotionCache } from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router/dom'
import { configureHttp } from '../api/http-hooks.ts'
import { hydrateEverything } from '../components/deferred-hydration.tsx'
import { loginPath, paths, toSitePath } from '../lib/paths.ts'
import { RenderClock } from '../lib/render-clock.ts'
import { getToken } from '../lib/token.ts'
import type { createRouter } from './router.tsx'
import { forgetSession } from './session.ts'
import { system } from './theme.ts'

type Router = ReturnType<typeof createRouter>

function wire(router: Router) {
  // A navigation must not wait for parts of a server-rendered page that are still to hydrate.
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.revalidation !== 'idle') hydrateEverything()
  })
  configureHttp({
    // The router's own location is the browser's address, prefix included (/test/login); the client
    // and return_url speak site paths, which navigate() prefixes again.
    currentPath: () => toSitePath(router.state.location.pathname),
    onUnauthorized: () => {
      forgetSession()
      const pathname = toSitePath(router.state.location.pathname)
      const { search } = router.state.location
      void router.navigate(
        pathname === paths.login.path ? paths.login.path : loginPath(`${pathname}${search}`),
      )
    },
  })
}

interface AppProps {
  router: Router
  /**
   * The render instant of a server-rendered page (null for the plain app shell): the first render,
   * which hydrates, uses it as the clock; then the page is live.
   */
  renderedAt: number | null
  /** A server-rendered page's emotion cache, which knows the page's CSS (src/app/server-css.ts). */
  emotionCache?: EmotionCache
}

export function App({ router, renderedAt, emotionCache }: AppProps) {
  useState(() => wire(router))
  useEffect(() => {
    // The page is live (hydrated, or rendered): tests and monitoring wait for this mark.
    document.documentElement.dataset.live = ''
    if (renderedAt === null) return
    // The server rendered the page signed out; a returning visitor's session is checked now (the
    // root loader), which also sends a signed-in visitor on from pages such as /login.
    if (getToken()) void router.revalidate()
  }, [router, renderedAt])
  const app = (
    <ChakraProvider value={system}>
      {/* Constant: a context change would reach sections still waiting to hydrate, and React would
          replace their server markup with fallbacks. */}
      <RenderClock.Provider value={renderedAt}>
        <RouterProvider router={router} />
      </RenderClock.Provider>
    </ChakraProvider>
  )
  return emotionCache ? <CacheProvider value={emotionCache}>{app}</CacheProvider> : app
}
