import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app.tsx'
import { reportRecoverableError } from './hydration-report.ts'
import { createRouter, prepareHydration } from './router.tsx'
import type { ServedPage } from './served-page.ts'
import { adoptServerCss } from './server-css.ts'
import { system } from './theme.ts'

/** Hydrates a server-rendered public page, or renders the app into the plain shell. */
export async function start(container: HTMLElement, served: ServedPage | null): Promise<void> {
  if (!served) {
    createRoot(container).render(
      <StrictMode>
        <App router={createRouter()} renderedAt={null} />
      </StrictMode>,
    )
    return
  }
  const emotionCache = adoptServerCss(system, served.globalCss)
  // The matched routes' code first: hydrating a route still loading would replace the page.
  await prepareHydration()
  const router = createRouter(served.hydration)
  // As a transition, hydration yields to the browser between components instead of holding the main
  // thread for the whole page (one long task is what Total Blocking Time counts).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App router={router} renderedAt={served.renderedAt} emotionCache={emotionCache} />
      </StrictMode>,
      { onRecoverableError: reportRecoverableError },
    )
  })
}
