import { TOKEN_COOKIE } from './constants.ts'

/** The sign-in token lives in a cookie (SPEC §3) so that it survives reloads and new tabs. */
const MAX_AGE_S = 7 * 24 * 3600

export function getToken(): string | undefined {
  // The server renders pages as a signed-out visitor sees them.
  if (typeof document === 'undefined') return undefined
  const prefix = `${TOKEN_COOKIE}=`
  for (const part of document.cookie.split(';')) {
    const item = part.trim()
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length)) || undefined
  }
  return undefined
}

export function setToken(token: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in some browsers we serve.
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax${secure}`
}

export function removeToken(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setToken.
  document.cookie = `${TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
}
