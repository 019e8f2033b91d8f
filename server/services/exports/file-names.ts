/** Names inside and of the exports: sheet names, paths in the ZIP, the download's file name. */

/** Characters XML 1.0 cannot carry (a workbook is XML): controls other than tab and line breaks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters removed.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

/** Text a workbook cell can hold: well-formed UTF-16 without the controls XML refuses. */
export const xmlSafe = (text: string): string => text.toWellFormed().replace(NOT_XML, '')

/** Excel's rules for a sheet's name: at most 31 characters, none of \ / ? * [ ] :, unique in the book. */
export function sheetName(label: string, taken: Set<string>): string {
  const base =
    xmlSafe(label)
      .replace(/[\\/?*[\]:]/g, '_')
      .replace(/^'+|'+$/g, '')
      .trim() || '类别'
  let name = [...base].slice(0, 31).join('')
  for (let n = 2; taken.has(name.toLowerCase()); n++) {
    const suffix = `(${n})`
    name = [...base].slice(0, 31 - suffix.length).join('') + suffix
  }
  taken.add(name.toLowerCase())
  return name
}

/**
 * A file or folder name every unzip accepts: no path separators or characters Windows refuses, no
 * controls, no leading dots (`..`), at most 100 characters; empty becomes `fallback`.
 */
export function safeName(name: string, fallback: string): string {
  const cleaned = xmlSafe(name)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are refused in names.
    .replace(/[\u0000-\u001F\u007F]/g, '')
    .replace(/[\\/:*?"<>|]/g, '_')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '')
  const short = [...cleaned].slice(0, 100).join('')
  return short || fallback
}

/**
 * A Content-Disposition with an ASCII name for old clients and the Chinese one per RFC 5987 / RFC 6266
 * (`filename*=UTF-8''…`), which every current browser prefers: `attachment` to save the file,
 * `inline` to show it (a picture in an <img>, a PDF in the browser) under that name when saved.
 */
export function disposition(type: 'attachment' | 'inline', asciiName: string, name: string): string {
  // encodeURIComponent leaves ' ( ) * ! unescaped; RFC 5987's attr-char admits none of ' ( ) *.
  const encoded = encodeURIComponent(name.toWellFormed()).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${type}; filename="${asciiName}"; filename*=UTF-8''${encoded}`
}

/** `disposition('attachment', …)`: a download saved under `name`. */
export const attachment = (asciiName: string, name: string): string =>
  disposition('attachment', asciiName, name)
