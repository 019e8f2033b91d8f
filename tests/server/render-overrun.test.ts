import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { logLines } from '../support/log-lines.ts'
import { createTestApp } from '../support/test-app.ts'

/**
 * Issue 33 item 9: under a heavy load every page render was given up at 20 s for about 40 minutes.
 * Giving a render up terminates its thread, and the thread that replaced it loaded the renderer inside
 * the next render, on that render's time — which, counted from when it was queued, had mostly gone —
 * so it was given up in turn, and no thread ever finished loading. Here a stand-in renderer
 * (tests/fixtures/page-renderer) takes 2 s to load, longer than the 1.2 s a render may run: a
 * page renders after a thread was replaced only if the new thread loads the renderer first, and the
 * run is timed from when the thread begins it.
 */
const RENDERER = path.resolve(import.meta.dirname, '../fixtures/page-renderer')
const GIVEN_UP = 'a page render ran too long and was given up'

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

async function rendererApp(renderTimes: { waitMs: number; runLimitMs: number }) {
  const log = logLines()
  const server = await createTestApp({
    staticDir: RENDERER,
    workers: { threads: 1 },
    renderTimes,
    logStream: log.stream,
  })
  close = server.close
  const page = async (url: string) =>
    (await server.app.inject({ url, headers: { accept: 'text/html' } })).body
  // Asked until rendered: a request that finds its page still rendering, or its thread still loading
  // the renderer (seconds on a busy machine), waits at most waitMs for it, then gets the shell.
  const untilRendered = async (url: string) => {
    let html = ''
    for (let tries = 0; tries < 50 && !html.includes('rendered'); tries++) html = await page(url)
    return html
  }
  return { page, untilRendered, log: log.lines }
}

const givenUp = (lines: string[]) => lines.filter((l) => l.includes(GIVEN_UP)).length

describe('a page render that runs too long', () => {
  it('is given up: its visitor gets the shell, its thread is replaced, and the next page renders', async () => {
    const { page, untilRendered, log } = await rendererApp({ waitMs: 5_000, runLimitMs: 1200 })
    expect(await untilRendered('/first')).toContain('rendered /first (1)')

    const stuck = await page('/stuck')
    expect(stuck).toContain('<div id="root"></div>')
    expect(givenUp(log)).toBe(1)

    // The only thread was terminated: this page renders on its replacement, which loaded the
    // renderer (2 s, over the run limit) before it took the page: nothing more is given up.
    expect(await untilRendered('/after')).toContain('rendered /after (1)')
    expect(await untilRendered('/after-that')).toContain('rendered /after-that (1)')
    expect(givenUp(log)).toBe(1)
  }, 60_000)

  it('is kept when it outlasts its visitor’s wait but not the run limit, and serves the next visitor', async () => {
    const { page, untilRendered, log } = await rendererApp({ waitMs: 300, runLimitMs: 10_000 })
    expect(await untilRendered('/warm')).toContain('rendered /warm (1)')

    // The visitor gets the shell after 300 ms; the render (1.5 s) goes on.
    expect(await page('/slow')).toContain('<div id="root"></div>')
    // Asked again, the page comes from that render (1), not from a new one.
    expect(await untilRendered('/slow')).toContain('rendered /slow (1)')
    expect(givenUp(log)).toBe(0)
  }, 60_000)

  it('still running when the server stops ends without an error line', async () => {
    const { page, untilRendered, log } = await rendererApp({ waitMs: 300, runLimitMs: 10_000 })
    expect(await untilRendered('/warm')).toContain('rendered /warm (1)')
    // Its visitor has the shell; the render (1.5 s) is still under way when the server stops.
    expect(await page('/slow-at-stop')).toContain('<div id="root"></div>')
    await close?.()
    close = undefined
    expect(log.filter((l) => l.includes('"level":50'))).toEqual([])
  }, 60_000)
})
