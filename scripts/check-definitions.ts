import fs from 'node:fs'
import path from 'node:path'
import { checkLandingPages } from './definitions/landing-check.ts'
import { landingReference, withReference } from './definitions/landing-docs.ts'
import { landingFragmentSchema, landingPageSchema } from './definitions/landing-schema.ts'

/**
 * `npm run check:definitions`: checks every landing page (and, once they exist, every competition)
 * and prints each problem as `file  path  message`. Also refreshes what is generated from the engine
 * (the JSON Schemas editors read, the section reference in landing-pages/README.md); with
 * --check-schemas it only verifies they are current (CI).
 */
const root = path.resolve(import.meta.dirname, '..')
const readmeFile = path.join(root, 'landing-pages/README.md')
const readme = fs.existsSync(readmeFile) ? fs.readFileSync(readmeFile, 'utf8') : '# 专题页（landing pages）\n'
const generated: Array<[string, string]> = [
  ['landing-pages/landing-page.schema.json', `${JSON.stringify(landingPageSchema(), null, 2)}\n`],
  ['landing-pages/landing-fragment.schema.json', `${JSON.stringify(landingFragmentSchema(), null, 2)}\n`],
  ['landing-pages/README.md', withReference(readme, landingReference(root))],
]
let failed = false
for (const [file, text] of generated) {
  const full = path.join(root, file)
  if (process.argv.includes('--check-schemas')) {
    if (!fs.existsSync(full) || fs.readFileSync(full, 'utf8') !== text) {
      console.error(`${file} is out of date: run npm run check:definitions`)
      failed = true
    }
  } else if (!fs.existsSync(full) || fs.readFileSync(full, 'utf8') !== text) {
    fs.writeFileSync(full, text)
    console.log(`updated ${file}`)
  }
}

const { pages, fragments, errors } = checkLandingPages(root)
for (const e of errors) console.error(`${e.file}  ${e.path}  ${e.message}`)
if (errors.length) {
  console.error(`\n${errors.length} 个问题，请修改后再提交。`)
  failed = true
} else {
  console.log(`✓ ${pages} landing pages and ${fragments} shared fragments are valid`)
}
if (failed) process.exit(1)
