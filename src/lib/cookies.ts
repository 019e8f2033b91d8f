/** Site cookies the browser keeps: the sign-in token (SPEC §3) and the personal area's sidebar (§9). */

export function readCookie(name: string): string | undefined {
  // The server renders pages as a signed-out visitor with default settings sees them.
  if (typeof document === 'undefined') return undefined
  const prefix = `${name}=`
  for (const part of document.cookie.split(';')) {
    const item = part.trim()
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length)) || undefined
  }
  return undefined
}

/** A site-wide, Lax cookie; `maxAgeS` 0 removes it. */
export function writeCookie(name: string, value: string, maxAgeS: number): void {
  // The server renders every page signed out: there is no browser cookie to write there.
  if (typeof document === 'undefined') return
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in some browsers we serve.
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeS}; SameSite=Lax${secure}`
}
