import type { WidgetProps } from '@rjsf/utils'
import { NativeOptions } from './native-options.tsx'
import { WidgetField } from './widget-field.tsx'

/** One option of a choice whose list comes with the page (a competition's identities, categories…). */
export interface Choice {
  value: string
  label: string
}

/** What a page hands a form whose fields use the `choices` widget (RJSF formContext). */
interface ChoicesContext {
  choices?: Record<string, readonly Choice[] | undefined>
}

/** The options `ui:options.source` names in the form's context; none when the page gave none. */
function choicesOf(props: Pick<WidgetProps, 'options' | 'registry'>): readonly Choice[] {
  const source = props.options.source
  const context = props.registry.formContext as ChoicesContext | undefined
  const list = typeof source === 'string' ? context?.choices?.[source] : undefined
  return Array.isArray(list) ? list : []
}

/**
 * A select over options the page passes as formContext.choices[ui:options.source], as {value,label}[]:
 * the competition engine gives each competition's own lists, so the schema holds no enum. An optional
 * field with no options (a competition without propositions) is not drawn at all.
 */
export function ChoicesSelect(props: WidgetProps) {
  const items = choicesOf(props)
  if (!items.length && !props.required) return null
  return (
    <WidgetField props={props}>
      <NativeOptions props={props} items={items} />
    </WidgetField>
  )
}
