import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// DESIGN.md "Server": route files parse, call a service and answer; queries and transactions live in
// server/services. A route that reaches for the query builder fails here with the file and line.
const ROUTES = path.resolve(import.meta.dirname, '../../server/routes')

/**
 * What building a query or opening a transaction looks like in Kysely. Handing the query builder to a
 * service (`readDraft(app.db.kysely, …)`) is allowed; using it in place (`app.db.kysely.selectFrom`) is not.
 */
const QUERY =
  /\b(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|selectNoFrom|transaction)\s*\(|\.kysely\s*\.|\bsql\s*`/

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return routeFiles(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

function queriesIn(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) =>
      QUERY.test(line) ? [`${path.relative(ROUTES, file)}:${i + 1}: ${line.trim()}`] : [],
    )
}

describe('server/routes', () => {
  it('build no query and open no transaction: that is the services’ work', () => {
    const offenders = routeFiles(ROUTES).flatMap(queriesIn)
    expect(offenders).toEqual([])
  })

  it('the check sees a query in a route file', () => {
    expect(QUERY.test('  const row = await app.db.kysely.selectFrom')).toBe(true)
    expect(QUERY.test('  const rows = await app.db.kysely\n')).toBe(false)
    expect(QUERY.test("    .selectFrom('users')")).toBe(true)
    expect(QUERY.test('  await k.transaction().execute(async (trx) => {')).toBe(true)
    expect(QUERY.test('  const rows = await sql`select 1`.execute(db)')).toBe(true)
    expect(QUERY.test('  const page = await listCards(app.db, query)')).toBe(false)
  })
})
