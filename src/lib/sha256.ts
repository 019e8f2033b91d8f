/** A SHA-256 as the API writes it: 64 lower-case hex digits. */
const SHA256_PATTERN = /^[0-9a-f]{64}$/

/** Pasted text as a hash: blanks trimmed, upper case accepted; undefined when it is not one. */
export function readHash(text: string | null | undefined): string | undefined {
  const hash = (text ?? '').trim().toLowerCase()
  return SHA256_PATTERN.test(hash) ? hash : undefined
}

/** Whether this page can hash in the browser: crypto.subtle exists only in secure contexts (https, localhost). */
export const canHashHere = () => typeof crypto !== 'undefined' && !!crypto.subtle

/** The SHA-256 of a file, computed in the browser, so the file itself need not be uploaded. */
export async function sha256OfFile(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer())
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}
