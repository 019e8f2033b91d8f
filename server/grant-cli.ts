import { parseArgs } from 'node:util'
import { readConfig } from './config.ts'
import { connect } from './db/connect.ts'
import { migrate } from './db/migrate.ts'
import { BusinessError } from './lib/envelope.ts'
import { CompetitionRegistry } from './services/competitions.ts'
import {
  findAccount,
  findCompetition,
  grantRole,
  isStaffRole,
  listRoles,
  revokeRole,
  STAFF_ROLES,
} from './services/staff/roles.ts'

// `npm run grant -- <account> <role> [competition] [--round <id>]`: grants a staff role (README "Staff
// roles"); the competition is its numeric id or its slug. `--revoke` takes the role away again, and
// `--list` prints every role held. Each change is written to the audit trail with no actor (the command line).
const USAGE = [
  'usage: npm run grant -- <account> <admin|organiser|judge> [competition id or slug] [--round <round id>]',
  '       npm run grant -- --revoke <account> <role> [competition] [--round <round id>]',
  '       npm run grant -- --list',
].join('\n')

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { revoke: { type: 'boolean' }, round: { type: 'string' }, list: { type: 'boolean' } },
})

function usage(message: string): never {
  console.error(`${message}\n${USAGE}`)
  process.exit(2)
}

const [account, role, competitionRef] = positionals
if (!values.list) {
  if (!account || !role || positionals.length > 3)
    usage('grant takes an account, a role and, except for admin, a competition')
  if (!isStaffRole(role)) usage(`unknown role "${role}": one of ${STAFF_ROLES.join(', ')}`)
}

const config = readConfig()
const db = connect(config)
try {
  await migrate(db)
  // As a start does: the competitions table holds every definition, so an id or a slug is known here
  // even before the server has run on this database.
  const registry = new CompetitionRegistry(config.definitionsRoot)
  registry.load()
  await registry.sync(db.kysely)
  const k = db.kysely
  if (values.list) {
    const rows = await listRoles(k, undefined)
    for (const r of rows)
      console.log(
        [
          r.account,
          r.username,
          r.role,
          r.competitionId ?? '-',
          r.competitionTitle ?? '',
          r.roundId ?? '',
        ].join('  '),
      )
    console.log(rows.length ? `${rows.length} roles` : 'no staff roles')
  } else if (account && isStaffRole(role)) {
    const user = await findAccount(k, account)
    const competition = competitionRef === undefined ? undefined : await findCompetition(k, competitionRef)
    const grant = { role, competitionId: competition?.id, roundId: values.round }
    const where = competition ? ` of ${competition.slug} (#${competition.id} ${competition.title})` : ''
    const round = values.round ? `, round ${values.round}` : ''
    if (values.revoke) {
      await revokeRole(k, null, user.id, grant, 'cli')
      console.log(`revoked: ${user.account} (${user.username}) is no longer ${role}${where}${round}`)
    } else {
      const { granted } = await grantRole(k, null, user.id, grant, 'cli')
      console.log(
        granted
          ? `granted: ${user.account} (${user.username}) is now ${role}${where}${round}`
          : `unchanged: ${user.account} (${user.username}) already is ${role}${where}${round}`,
      )
    }
  }
} catch (error) {
  // The service's refusals (unknown account or competition, a role not held…) are told plainly.
  if (!(error instanceof BusinessError)) throw error
  console.error(error.message)
  process.exitCode = 1
} finally {
  await db.kysely.destroy()
}
