import { Suspense, useEffect, useState } from 'react'
import { afterFirstPaint } from '../lib/after-paint.ts'
import { lazyPart } from './lazy-part.ts'

// The toaster (and its state machine) is not needed to paint a page: it loads after first paint.
// Messages raised before then wait in src/lib/notify.ts.
const Toaster = lazyPart(() => import('./toaster.tsx'))

export function DeferredToaster() {
  const [ready, setReady] = useState(false)
  useEffect(() => afterFirstPaint(() => setReady(true)), [])
  return ready ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}
