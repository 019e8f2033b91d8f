import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { openSync } from 'fontkit'

/**
 * Noto Sans SC from the @fontsource/noto-sans-sc registry package, for Chinese text in server-made
 * PDFs (a fresh machine has no CJK system font; DESIGN "Stack facts"). Its `chinese-simplified`
 * subset holds the common characters and Latin. A rarer character (of a name, say) is drawn from the
 * package's numbered subset whose CSS unicode-range covers it, so only that one file is opened.
 */
const PACKAGE = path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-sc/package.json'))
const FILES = path.join(PACKAGE, 'files')

export type Weight = 400 | 700
const mainFile = (weight: Weight) => path.join(FILES, `noto-sans-sc-chinese-simplified-${weight}-normal.woff`)

const glyphTests = new Map<string, (codePoint: number) => boolean>()
function hasGlyph(file: string, codePoint: number): boolean {
  let test = glyphTests.get(file)
  if (!test) {
    const font = openSync(file) as unknown as { hasGlyphForCodePoint(cp: number): boolean }
    test = (cp) => font.hasGlyphForCodePoint(cp)
    glyphTests.set(file, test)
  }
  return test(codePoint)
}

/** Each numbered subset's file and code point ranges, read from the package's <weight>.css. */
const rangeTables = new Map<Weight, Array<{ file: string; ranges: Array<[number, number]> }>>()
function rangeTable(weight: Weight) {
  let table = rangeTables.get(weight)
  if (!table) {
    const css = fs.readFileSync(path.join(PACKAGE, `${weight}.css`), 'utf8')
    table = [...css.matchAll(/url\(\.\/files\/([\w-]+\.woff)\)[^;]*;\s*unicode-range:\s*([^;]+);/g)].map(
      ([, file, ranges]) => ({
        file: path.join(FILES, file as string),
        ranges: (ranges as string).split(',').map((r) => {
          const [from, to] = r.trim().replace(/^U\+/i, '').split('-')
          return [Number.parseInt(from as string, 16), Number.parseInt((to ?? from) as string, 16)] as [
            number,
            number,
          ]
        }),
      }),
    )
    rangeTables.set(weight, table)
  }
  return table
}

/** The font file that draws `char` in `weight`; the main subset when none does (a blank box). */
export function fontFileFor(char: string, weight: Weight): string {
  const cp = char.codePointAt(0) ?? 0
  const main = mainFile(weight)
  if (hasGlyph(main, cp)) return main
  const subset = rangeTable(weight).find((s) => s.ranges.some(([from, to]) => cp >= from && cp <= to))
  return subset && hasGlyph(subset.file, cp) ? subset.file : main
}

/** Splits text into runs that one font file draws. */
export function fontRuns(text: string, weight: Weight): Array<{ file: string; text: string }> {
  const runs: Array<{ file: string; text: string }> = []
  for (const char of text) {
    const file = fontFileFor(char, weight)
    const last = runs.at(-1)
    if (last?.file === file) last.text += char
    else runs.push({ file, text: char })
  }
  return runs
}
