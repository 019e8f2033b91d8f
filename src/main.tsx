import { firstUse, keepEarlyTap } from './app/first-use.ts'
import { readServedPage } from './app/served-page.ts'
import { getToken } from './lib/token.ts'

/**
 * Starts the app in steps, each its own task: evaluating React, Chakra (its theme system) and the app
 * in one go held the main thread for the longest task of the page load, which the visitor feels as an
 * unresponsive page and Total Blocking Time counts. Between steps the browser may paint and respond.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

const served = readServedPage()
// A page to read (src/lib/page-head.ts) is whole as server HTML: React, the theme and hydration, most
// of a phone's main-thread time at load, wait for the visitor's first move. A returning visitor's
// session is checked at once (the header shows who is signed in).
const waitsForUse = served?.startOn === 'use' && !getToken()
const earlyTap = waitsForUse ? keepEarlyTap() : undefined
if (waitsForUse) {
  // Tests and monitoring see that the page waits for a visitor, rather than for its code.
  document.documentElement.dataset.waitsForUse = ''
  await firstUse()
  delete document.documentElement.dataset.waitsForUse
}
await import('react-dom/client')
await nextTask()
// Chakra's system: its theme's modules, the token dictionary (in steps), then the rest, each in a task.
const { tokenDictionarySteps } = await import('./app/theme-config.ts')
await nextTask()
try {
  for (const step of tokenDictionarySteps()) {
    step()
    await nextTask()
  }
} catch (error) {
  // Only a head start: createSystem builds the dictionary itself when the steps did not finish.
  console.error('Chakra token dictionary steps failed:', error)
}
await import('./app/theme.ts')
await nextTask()
const { start } = await import('./app/start.tsx')
await start(document.getElementById('root')!, served)
earlyTap?.replayWhenLive()
