import path from 'node:path'
import { checkAllDefinitions } from '../definitions/check-all.ts'
import { formatError } from '../definitions/core/json-file.ts'

/**
 * `npm run check:definitions`: checks every landing page, shared fragment, competition and event — the same
 * check the build and the server's start run — and prints each problem as `file  path  reason`.
 * It writes nothing (`npm run generate` does). `-- --production` checks as a production start does:
 * placeholder art is then an error, not a warning (CI and the README's deployment run it so).
 */
const args = process.argv.slice(2)
const unknown = args.filter((a) => a !== '--production')
if (unknown.length) {
  console.error(`不认识的参数：${unknown.join(' ')}（只有 --production：按生产环境检查，占位图算错误）`)
  process.exit(2)
}
const production = args.includes('--production')
const root = path.resolve(import.meta.dirname, '..')
const { pages, fragments, competitions, events, errors, warnings } = checkAllDefinitions(root, { production })
for (const e of errors) console.error(formatError(e))
// Warnings do not fail the check: they are likely, not certain, mistakes (README: 提醒).
for (const w of warnings) console.warn(`提醒  ${formatError(w)}`)
if (errors.length) {
  console.error(`\n${errors.length} 个问题，请修改后再提交。`)
  process.exit(1)
}
console.log(
  `✓ ${production ? '（按生产环境检查）' : ''}${pages} 个专题页、${fragments} 个共享区块、${competitions.length} 个赛事定义、${events.length} 个活动定义均有效`,
)
