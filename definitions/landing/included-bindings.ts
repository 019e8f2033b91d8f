import { type BindingScope, bindingProblems } from '../core/bindings.ts'
import { sharedFragments } from './pages.ts'
import { walkSections } from './walk.ts'

/**
 * The bindings a section list takes in through its includes, judged as the including file's own: a
 * shared fragment binds the facts of the page that shows it, so `{{pay.fee}}` in a fragment is fine
 * on a competition's page and would reach an event without a competition raw. Paths run through the
 * include, as `sections[2]→competition/rules[0].props.title`.
 */
export function includedBindingProblems(
  root: string,
  sections: unknown,
  at: string,
  scope: BindingScope,
): Array<[string, string]> {
  const seen = new Set<string>()
  const problems: Array<[string, string]> = []
  walkSections(
    sections,
    at,
    ({ entry, path }) => {
      if (!path.includes('→')) return // the file's own sections: checked with the file
      // Nested sections are visited on their own and inside their parent's props: reported once.
      for (const [where, why] of bindingProblems(entry.props ?? {}, scope)) {
        const full = `${path}.props.${where}`.replace(/\.\[/g, '[')
        if (!seen.has(`${full}\n${why}`)) problems.push([full, why])
        seen.add(`${full}\n${why}`)
      }
    },
    sharedFragments(root),
  )
  return problems
}
