import fs from 'node:fs'
import type { TestProject } from 'vitest/node'
import { appOn } from './app-on.ts'
import { definitionsRoot } from './competitions.ts'
import { adminQuery, createTestDatabase, onPostgres, type SeededTemplate } from './test-database.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server project's seeded database, copied per test (tests/support/server-template.ts). */
    serverTemplate: SeededTemplate | undefined
  }
}

/**
 * The server project's global setup: one start migrates and seeds a database (reference and demo
 * data, the fixture competitions) once for the whole run; each test server then starts on a copy of
 * it (createTestApp) instead of seeding afresh, seconds a file. On SQLite the copy is the data
 * folder; on PostgreSQL a database made with CREATE DATABASE … TEMPLATE plus the data folder's files.
 */
export default async function setup(project: TestProject) {
  const database = await createTestDatabase()
  const root = definitionsRoot()
  try {
    const app = await appOn({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      demoData: true,
      definitionsRoot: root,
    })
    await app.close()
  } catch (error) {
    await database.drop()
    throw error
  } finally {
    fs.rmSync(root, { recursive: true, force: true })
  }
  const template: SeededTemplate = {
    dataDir: database.dataDir,
    database: database.databaseUrl ? new URL(database.databaseUrl).pathname.slice(1) : undefined,
  }
  // PostgreSQL copies only a database no session is connected to, and keeps anyone from doing so.
  if (onPostgres()) await adminQuery(`ALTER DATABASE ${template.database} WITH ALLOW_CONNECTIONS false`)
  project.provide('serverTemplate', template)
  return () => database.drop()
}
