/** Plain-text helpers so every section of the report lines up the same way. */

export const kb = (bytes: number): string => (bytes / 1024).toFixed(1)

export const int = (n: number): string => Math.round(n).toLocaleString('en-US')

/** Left-aligns the first column, right-aligns the others (they hold numbers). */
export function columns(all: string[][]): string {
  const widths = (all[0] ?? []).map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)))
  return all
    .map((r) =>
      r
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

export const table = (header: string[], rows: string[][]): string => columns([header, ...rows])
