/** +08:00 text of an instant, as definitions write it. */
export function beijing(ms: number): string {
  return `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`
}
