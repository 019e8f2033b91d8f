import type { WidgetProps } from '@rjsf/utils'
import { NativeOptions } from './native-options.tsx'
import { WidgetField } from './widget-field.tsx'

/** A native select over a schema enum, labelled by `ui:enumNames` — light, and right on phones. */
export function OptionsSelect(props: WidgetProps) {
  const items = (props.options.enumOptions ?? []) as Array<{ value: string; label: string }>
  return (
    <WidgetField props={props}>
      <NativeOptions props={props} items={items} />
    </WidgetField>
  )
}
