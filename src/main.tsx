import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { createRouter, prepareHydration } from './app/router.tsx'
import { readServedPage } from './app/served-page.ts'
import { adoptServerGlobalCss } from './app/server-global-css.ts'
import { system } from './app/theme.ts'

const container = document.getElementById('root')!
const served = readServedPage()

if (served) {
  // A server-rendered public page: load the matched routes' code, then hydrate what is on screen.
  adoptServerGlobalCss(system, served.globalCss)
  await prepareHydration()
  const router = createRouter(served.hydration)
  // As a transition, hydration yields to the browser between components instead of holding the main
  // thread for the whole page (one long task is what Total Blocking Time counts).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App router={router} renderedAt={served.renderedAt} />
      </StrictMode>,
    )
  })
} else {
  createRoot(container).render(
    <StrictMode>
      <App router={createRouter()} renderedAt={null} />
    </StrictMode>,
  )
}
