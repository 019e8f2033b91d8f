import fs from 'node:fs'
import path from 'node:path'
import { bindingReference, competitionReference } from './competition/docs.ts'
import { competitionSchema } from './competition/schema.ts'
import { eventSchema } from './events/schema.ts'
import { landingReference, withReference } from './landing/docs.ts'
import { landingFragmentSchema, landingPageSchema } from './landing/schema.ts'

/**
 * Every file derived from the definitions core: the JSON Schemas editors read through `$schema`, and
 * the field references in the two staff READMEs. `npm run generate` writes them; the tests run it
 * with --check, which fails when one is stale.
 */
export function generatedFiles(root: string): Array<[file: string, text: string]> {
  const read = (file: string, fallback: string) =>
    fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file), 'utf8') : fallback
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`
  return [
    ['landing-pages/landing-page.schema.json', json(landingPageSchema())],
    ['landing-pages/landing-fragment.schema.json', json(landingFragmentSchema())],
    [
      'landing-pages/README.md',
      withReference(read('landing-pages/README.md', '# 专题页（landing pages）\n'), landingReference(root)),
    ],
    ['competitions/competition.schema.json', json(competitionSchema())],
    ['events/event.schema.json', json(eventSchema())],
    [
      'competitions/README.md',
      withReference(
        withReference(
          read('competitions/README.md', '# 赛事定义（competitions）\n'),
          bindingReference(),
          'binding',
        ),
        competitionReference(),
        'field',
      ),
    ],
  ]
}
