import fs from 'node:fs'
import path from 'node:path'
import { checkAllDefinitions } from '../definitions/check-all.ts'
import { filesDigest } from '../definitions/core/files-digest.ts'
import { formatError } from '../definitions/core/json-file.ts'
import { readConfig } from './config.ts'
import { connect } from './db/connect.ts'
import { migrate } from './db/migrate.ts'
import { checkOptions, recordReload, refusalText } from './services/live-definitions.ts'

// `npm run definitions:reload`: checks every file under competitions/, events/ and landing-pages/ and,
// when all pass, has every running instance on this database read them again — no restart, no
// rebuild (README "定义文件的重新读取"). When any file fails, nothing changes and the checker's lines
// say which file, where and why. Audited with no actor (the command line).
const config = readConfig()
const digest = filesDigest(config.definitionsRoot)
const report = { ...checkAllDefinitions(config.definitionsRoot, checkOptions()), digest }
if (report.errors.length) {
  console.error(refusalText(report.errors))
  process.exit(1)
}
// Likely mistakes that do not stop a reload (placeholder art in development, say), as check:definitions prints them.
for (const warning of report.warnings) console.warn(`提醒：${formatError(warning)}`)
// A SQLite file that is not there is no running site's: recording a reload there would tell nobody.
const sqliteFile = path.join(config.dataDir, 'kabu.db')
if (!config.databaseUrl && !fs.existsSync(sqliteFile)) {
  console.error(
    `在 ${config.dataDir} 找不到网站的数据库（kabu.db）：请在运行网站的服务器上，用与网站相同的 DATA_DIR（或 DATABASE_URL）运行本命令。`,
  )
  process.exit(1)
}
const db = connect(config)
try {
  await migrate(db)
  const outcome = await recordReload(db.kysely, config.definitionsRoot, report, {
    source: 'cli',
    actorId: null,
  })
  if (outcome.ok) {
    const { competitions, events, landingPages } = outcome.summary
    console.log(
      `已重新读取：${competitions} 个赛事、${events} 个活动页、${landingPages} 个专题页。使用数据库 ${where()} 的每个运行中的实例将在数秒内生效（无需重启或构建）。`,
    )
  }
} finally {
  await db.kysely.destroy()
}

/** Which database was told, without its password: the SQLite file, or PostgreSQL's host and name. */
function where(): string {
  if (!config.databaseUrl) return sqliteFile
  const url = new URL(config.databaseUrl)
  return `PostgreSQL ${url.host}${url.pathname}`
}
