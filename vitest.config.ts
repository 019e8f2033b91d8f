import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// The unit project's jsdom page lives on the origin of a real API server (started by its global
// setup), so the API client's requests are same-origin, exactly as in the browser.
const unitPort = Number(process.env.KABU_UNIT_PORT ?? 41000 + (process.pid % 8000))

// Unit and server files run this many at a time. Each file spends much of its time waiting (a server
// starting, a child process, a timer), so on the 2-core machine three keep both cores busy: measured on
// a quiet machine, the two projects took 343 s with vitest's default (one at a time on two cores), 218 s
// with two and 186 s with three; four gained little more (178 s).
const unitServerWorkers = Number(process.env.TEST_WORKERS ?? 3)

// e2e files run this many at a time, each worker against its own pair of servers (tests/support/
// e2e-server.ts). One by default: a single file already keeps the 2-core machine about half busy
// (Chromium's layout and paint, axe, the servers' rendering), and two side by side saturated it (93 %
// busy over the whole run), every file took about twice as long, the suite gained nothing worth having
// and three timing-bound tests failed (README "Testing" has the figures). E2E_WORKERS=2 or more on a
// bigger machine.
const e2eWorkers = Number(process.env.E2E_WORKERS ?? 1)

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          // Node by default: a jsdom page costs seconds to set up per file, and most files need none. A
          // file that needs the DOM (renders React, calls the API client, reads localStorage) says so
          // on its first line: `// @vitest-environment jsdom`.
          environment: 'node',
          environmentOptions: { jsdom: { url: `http://127.0.0.1:${unitPort}/` } },
          globalSetup: ['tests/support/unit-server.ts'],
          provide: { unitPort },
          maxWorkers: unitServerWorkers,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Seeds one database for the run; each test server starts on a copy of it.
          globalSetup: ['tests/support/server-template.ts'],
          maxWorkers: unitServerWorkers,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/e2e-server.ts'],
          maxWorkers: e2eWorkers,
          // Its own group, after unit and server: a run of every project may not mix worker counts.
          sequence: { groupOrder: 1 },
          // The browser needs more than the default second for lazy chunks and toasts to appear.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
})
