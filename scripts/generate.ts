import fs from 'node:fs'
import path from 'node:path'
import { registryFiles } from '../definitions/registries.ts'
import { routeRegistryFile } from './lib/route-registry.ts'

/**
 * `npm run generate` writes what is derived from the definitions core (registries, editor schemas,
 * README references) and the server's list of route modules; `npm run generate -- --check` only says which are stale (the tests run it).
 * The registries are lists of files and come first: what follows imports them, so a new section type
 * or form is in the schemas and references of the same run.
 */
const root = path.resolve(import.meta.dirname, '..')
const check = process.argv.includes('--check')
let stale = 0

function settle(files: Array<[file: string, text: string]>): void {
  for (const [file, text] of files) {
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
}

settle([...registryFiles(root), routeRegistryFile(root)])
const { generatedFiles } = await import('../definitions/generate.ts')
settle(generatedFiles(root))
if (stale) process.exit(1)
