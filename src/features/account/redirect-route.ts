/**
 * /redirect?token&url (SPEC §2) is answered by the server (server/routes/handoff.ts): only it may spend a
 * one-time hand-off code, judge whether the visitor opened the link themselves, and set the session.
 * A navigation inside the app therefore loads the address as a document, and the server decides.
 */
export function loader({ request }: { request: Request }): Promise<never> {
  if (typeof window !== 'undefined') window.location.replace(request.url)
  return new Promise<never>(() => {})
}
