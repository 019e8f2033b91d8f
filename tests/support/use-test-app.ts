import { afterAll, beforeAll } from 'vitest'
import { apiOf } from './api-client.ts'
import { createTestApp } from './test-app.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** One fresh server and database for the test file, with the request helpers; closed after the file. */
export function useTestApp(options: Parameters<typeof createTestApp>[0] = {}) {
  let server: TestApp | undefined
  let api: ReturnType<typeof apiOf> | undefined
  beforeAll(async () => {
    server = await createTestApp(options)
    api = apiOf(server.app)
  })
  afterAll(() => server?.close())
  return {
    get server(): TestApp {
      if (!server) throw new Error('the test server starts in beforeAll')
      return server
    },
    get api(): ReturnType<typeof apiOf> {
      if (!api) throw new Error('the test server starts in beforeAll')
      return api
    },
  }
}
