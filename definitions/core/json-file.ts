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
 * Parses a definition file; a syntax error becomes one DefinitionError naming the line and column
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
