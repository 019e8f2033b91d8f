import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/**
 * The string ajv's compiler logs when generated code fails to compile (ajv/dist/compile/index.js).
 * String literals survive minification; the standalone validators, which never compile, lack it.
 */
export const AJV_COMPILER_MARKER = 'Error compiling schema'

/**
 * Ways code builds functions from strings, which a CSP without 'unsafe-eval' blocks. The second
 * matters: the minifier prints ajv's `new Function(` as a bare `Function(`, so the first alone would
 * miss a bundled ajv compiler.
 */
const CODE_FROM_STRINGS: [string, RegExp][] = [
  ['new Function(', /new Function\(/],
  ['Function( call', /(?<![\w$.])Function\(/],
]

/**
 * Checks the marker still means what it should, so an ajv upgrade cannot silently blind the scan:
 * present in ajv's compiler, absent from every precompiled validator.
 */
function checkMarker(root: string): void {
  const compiler = createRequire(path.join(root, 'package.json')).resolve('ajv/dist/compile/index.js')
  if (!fs.readFileSync(compiler, 'utf8').includes(AJV_COMPILER_MARKER)) {
    throw new Error(`${AJV_COMPILER_MARKER} is no longer in ${compiler}: pick another marker`)
  }
  const generatedDir = path.join(root, 'schemas', 'generated')
  for (const name of fs.readdirSync(generatedDir).filter((f) => f.endsWith('.js'))) {
    if (fs.readFileSync(path.join(generatedDir, name), 'utf8').includes(AJV_COMPILER_MARKER)) {
      throw new Error(`${AJV_COMPILER_MARKER} is in schemas/generated/${name}: it cannot tell them apart`)
    }
  }
}

/** Every dist/assets/*.js holding an ajv compiler or building code from strings, with what was found. */
export function findAjvCompiler(root: string, distDir: string): { scanned: number; hits: string[] } {
  checkMarker(root)
  const assetsDir = path.join(distDir, 'assets')
  const files = fs.readdirSync(assetsDir).filter((f) => f.endsWith('.js'))
  const hits: string[] = []
  for (const file of files) {
    const code = fs.readFileSync(path.join(assetsDir, file), 'utf8')
    const found = CODE_FROM_STRINGS.filter(([, re]) => re.test(code)).map(([label]) => label)
    if (code.includes(AJV_COMPILER_MARKER)) found.push(`'${AJV_COMPILER_MARKER}'`)
    if (found.length) hits.push(`assets/${file}: ${found.join(', ')}`)
  }
  return { scanned: files.length, hits }
}
