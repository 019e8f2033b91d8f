import { ChakraProvider } from '@chakra-ui/react'
import { useState } from 'react'
import { RouterProvider } from 'react-router/dom'
import { configureHttp } from '../api/http-hooks.ts'
import { loginPath, paths, toSitePath } from '../lib/paths.ts'
import { createRouter } from './router.tsx'
import { forgetSession } from './session.ts'
import { system } from './theme.ts'

function wire(router: ReturnType<typeof createRouter>) {
  configureHttp({
    // The router's own location is the browser's address, prefix included (/test/login); the client
    // and return_url speak site paths, which navigate() prefixes again.
    currentPath: () => toSitePath(router.state.location.pathname),
    onUnauthorized: () => {
      forgetSession()
      const pathname = toSitePath(router.state.location.pathname)
      const { search } = router.state.location
      void router.navigate(pathname === paths.login ? paths.login : loginPath(`${pathname}${search}`))
    },
  })
}

export function App() {
  const [router] = useState(() => {
    const r = createRouter()
    wire(r)
    return r
  })
  return (
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>
  )
}
