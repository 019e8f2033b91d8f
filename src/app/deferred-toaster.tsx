import { lazy, Suspense, useEffect, useState } from 'react'
import { afterFirstPaint } from '../lib/after-paint.ts'

// The toaster (and its state machine) is not needed to paint a page: it loads after first paint.
// Messages raised before then wait in src/lib/notify.ts.
const Toaster = lazy(() => import('./toaster.tsx'))

export function DeferredToaster() {
  const [ready, setReady] = useState(false)
  useEffect(() => afterFirstPaint(() => setReady(true)), [])
  return ready ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}
