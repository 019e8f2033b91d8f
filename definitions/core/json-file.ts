import fs from 'node:fs'

/** A problem in a definition file, as every checker reports it. */
export interface DefinitionError {
  /** The file, relative to the repository: landing-pages/cida-edu.json */
  file: string
  /** Where in the file: a JSON path (sections[2].props.title), or (文件) / (文件名). */
  path: string
  /** Plain-language Chinese, for staff. */
  message: string
}

/** Line and column (1-based) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset))
  const line = before.split('\n').length
  return { line, column: offset - before.lastIndexOf('\n') }
}

/**
 * The largest definition file accepted. The real ones are under 50 KB; a page is at least as large
 * as its file, so a file of megabytes (images pasted in as data: URLs, say) is a page of megabytes.
 */
const MAX_DEFINITION_BYTES = 256 * 1024

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`

const tooLarge = (bytes: number) =>
  `文件有 ${size(bytes)}，超过 ${size(MAX_DEFINITION_BYTES)} 的上限：页面至少和文件一样大，手机上打开会很慢。图片请放在 public/ 下用 src 引用（不要把图片内容粘进文件），内容太多请拆成几个页面`

const BOM_MSG =
  '文件开头有 BOM（字节顺序标记，记事本等编辑器保存时加上的不可见字符）：请在编辑器中另存为“UTF-8”（不带 BOM）'

/**
 * Parses a definition file (refusing a BOM and a file over MAX_DEFINITION_BYTES, each in words); a syntax error becomes one DefinitionError naming the line and column
 * (V8 reports the offset as "position N").
 */
export function readJsonFile(
  file: string,
  shown: string,
  errors: DefinitionError[],
): Record<string, unknown> | undefined {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    errors.push({ file: shown, path: '(文件)', message: `无法读取：${(error as Error).message}` })
    return undefined
  }
  const bytes = Buffer.byteLength(text)
  if (bytes > MAX_DEFINITION_BYTES) {
    errors.push({ file: shown, path: '(文件)', message: tooLarge(bytes) })
    return undefined
  }
  // Notepad and some Windows editors save UTF-8 with a BOM: JSON.parse would report it as a syntax
  // error far from the cause, and the server's other readers of the file would choke on it too.
  if (text.startsWith('\uFEFF')) {
    errors.push({ file: shown, path: '(文件)', message: BOM_MSG })
    return undefined
  }
  try {
    const value = JSON.parse(text) as unknown
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      errors.push({ file: shown, path: '(文件)', message: '文件内容应为一个对象 { … }' })
      return undefined
    }
    return value as Record<string, unknown>
  } catch (error) {
    const message = (error as Error).message
    const position = /position (\d+)/.exec(message)
    const offset = position ? Number(position[1]) : text.length
    const { line, column } = lineColumn(text, offset)
    // V8 names the end only sometimes ("Unexpected end of JSON input"); after a trailing comma it
    // says "Expected double-quoted property name" at the last position, which is the same mistake.
    const reason =
      /Unexpected end/.test(message) || offset >= text.trimEnd().length
        ? '文件提前结束（缺少 } 或 ]？）'
        : '此处 JSON 语法有误（多了或少了逗号、引号、括号？）'
    errors.push({
      file: shown,
      path: `(第 ${line} 行第 ${column} 列)`,
      message: `不是有效的 JSON：${reason}`,
    })
    return undefined
  }
}

/** `file  path  message`, the line every tool prints. */
export const formatError = (e: DefinitionError) => `${e.file}  ${e.path}  ${e.message}`
