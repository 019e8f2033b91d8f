/**
 * Text a spreadsheet keeps as text: a leading = + - @, tab or carriage return makes Excel (and other
 * spreadsheets) read a typed or edited cell as a formula, so such text gets a leading apostrophe —
 * shown as text, and the value staff see starts with it (README "Exports"). One rule for the entries
 * workbook's cells and the ZIP's manifest.csv.
 */
export const FORMULA_START = /^[=+\-@\t\r]/

export const spreadsheetText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text)
