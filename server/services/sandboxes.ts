import type { FastifyInstance } from 'fastify'

/** NODE_ENV=production: a deployment that real people use. */
export const isProduction = (): boolean => process.env.NODE_ENV === 'production'

/**
 * The sandbox providers take no money and trust whoever presses 确认: in production they would give
 * certification away and let anyone sign in as a WeChat nickname, and the sandbox messages reach no one. A production start with one refuses,
 * unless ALLOW_SANDBOX=1 says it is a demo; any start with one says so in the log.
 */
export function guardSandboxes(app: FastifyInstance, providers: Record<string, string>): void {
  const sandboxes = Object.entries(providers)
    .filter(([, name]) => name === 'sandbox')
    .map(([kind]) => kind)
  if (!sandboxes.length) return
  if (isProduction() && process.env.ALLOW_SANDBOX !== '1') {
    throw new Error(
      `NODE_ENV=production with sandbox providers (${sandboxes.join(', ')}): configure real ones (README "Payments", "Sign-up, messages and WeChat sign-in", "Messages") or set ALLOW_SANDBOX=1 for a demo`,
    )
  }
  app.log.warn(
    `sandbox providers in use (${sandboxes.join(', ')}): no real payment, WeChat sign-in or message happens`,
  )
}
