/**
 * Demo data — the accounts with the password the README publishes, the directory's invented designers,
 * the demo works, news, quotations, videos, documents and survey answers — is for trying the portal,
 * never for a deployment real people use (README "Demo data"). SEED_DEMO=1 asks for it and SEED_DEMO=0
 * declines it; unset, development has it and production (NODE_ENV=production) does not.
 */
export function demoDataRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = (env.SEED_DEMO ?? '').trim()
  if (value === '1') return true
  if (value === '0') return false
  if (value)
    throw new Error(`SEED_DEMO takes 1 (add the demo data) or 0 (leave it out), not ${JSON.stringify(value)}`)
  return env.NODE_ENV !== 'production'
}

/** A production start with demo data is refused unless ALLOW_DEMO_DATA=1 says it is a public demo site. */
export function guardDemoData(demo: boolean, env: NodeJS.ProcessEnv = process.env): void {
  if (demo && env.NODE_ENV === 'production' && env.ALLOW_DEMO_DATA !== '1') {
    throw new Error(
      'NODE_ENV=production with SEED_DEMO=1: the demo accounts sign in with a password the README publishes. Leave SEED_DEMO unset, or set ALLOW_DEMO_DATA=1 too for a public demo site',
    )
  }
}
