/** Text and attribute values written into HTML the server builds by hand (the sandbox cashier and its form). */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
