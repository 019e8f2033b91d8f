import { toSitePath } from '../lib/paths.ts'

/**
 * What the HTTP client needs from the app (navigation), kept apart from http.ts so the app can wire
 * it at start without loading axios before first paint.
 */
interface HttpHooks {
  /** Called on body code 403 unless the visitor is already on the login page. */
  onUnauthorized(): void
  /** The current site path (without the staging prefix), e.g. /login. */
  currentPath(): string
}

export let hooks: HttpHooks = {
  onUnauthorized: () => {},
  currentPath: () => toSitePath(location.pathname),
}

export function configureHttp(next: Partial<HttpHooks>): void {
  hooks = { ...hooks, ...next }
}
