// @vitest-environment jsdom
import { act, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// React's act() environment flag, so state updates inside act() are flushed without warnings.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** An IntersectionObserver for a page whose sections are all far below the fold: it never reports one. */
class FarBelowTheFold {
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return []
  }
}

/** Server markup to gate (the element a section's gate watches), and a root to render the gate into. */
function serverSection(anchor: string) {
  const section = document.createElement('section')
  section.dataset.hydrate = anchor
  document.body.append(section)
  const container = document.createElement('div')
  document.body.append(container)
  return createRoot(container)
}

/** The module afresh for each test: which gates exist and whether a navigation has started is its state. */
async function gates() {
  vi.resetModules()
  const { HydrationGate, hydrateEverything } = await import('../../src/components/deferred-hydration.tsx')
  const gated = (anchor: string) => (
    <Suspense fallback="waiting">
      <HydrationGate anchor={anchor}>hydrated</HydrationGate>
    </Suspense>
  )
  return { gated, hydrateEverything }
}

describe('HydrationGate', () => {
  const original = globalThis.IntersectionObserver
  beforeEach(() => {
    globalThis.IntersectionObserver = FarBelowTheFold as unknown as typeof IntersectionObserver
  })
  afterEach(() => {
    globalThis.IntersectionObserver = original
    document.body.replaceChildren()
  })

  it('keeps a section below the fold waiting, and opens it when a navigation starts', async () => {
    const { gated, hydrateEverything } = await gates()
    const root = serverSection('below')
    await act(async () => root.render(gated('below')))
    expect(document.body.textContent).toContain('waiting')
    await act(async () => hydrateEverything())
    expect(document.body.textContent).toContain('hydrated')
  })

  // A navigation reaches parts React has not tried to hydrate yet: their gates are made after it
  // started, and a gate that waited for the viewport held the new page back until it was scrolled to.
  it('opens a gate made after a navigation has started at once', async () => {
    const { gated, hydrateEverything } = await gates()
    const root = serverSection('later')
    await act(async () => hydrateEverything())
    await act(async () => root.render(gated('later')))
    expect(document.body.textContent).toContain('hydrated')
    expect(document.body.textContent).not.toContain('waiting')
  })
})
