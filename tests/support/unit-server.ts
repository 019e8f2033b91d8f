import type { TestProject } from 'vitest/node'
import { createTestApp } from './test-app.ts'

/** A real API server for the unit project's API-client tests (see vitest.config.ts). */
export default async function setup(project: TestProject) {
  const port = project.config.provide.unitPort as number
  const server = await createTestApp()
  await server.app.listen({ port, host: '127.0.0.1' })
  return async () => {
    await server.close()
  }
}
