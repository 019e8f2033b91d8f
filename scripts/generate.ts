import fs from 'node:fs'
import path from 'node:path'
import { generatedFiles } from '../definitions/generate.ts'

/**
 * `npm run generate` writes what is derived from the definitions core (editor schemas, README
 * references); `npm run generate -- --check` only says which are stale (the tests run it).
 */
const root = path.resolve(import.meta.dirname, '..')
const check = process.argv.includes('--check')
let stale = 0
for (const [file, text] of generatedFiles(root)) {
  const full = path.join(root, file)
  if (fs.existsSync(full) && fs.readFileSync(full, 'utf8') === text) continue
  if (check) {
    console.error(`${file} is out of date: run npm run generate`)
    stale++
  } else {
    fs.mkdirSync(path.dirname(full), { recursive: true })
    fs.writeFileSync(full, text)
    console.log(`updated ${file}`)
  }
}
if (stale) process.exit(1)
