import { Field } from '@chakra-ui/react'
import { labelValue, type WidgetProps } from '@rjsf/utils'
import type { ReactNode } from 'react'

/**
 * The label frame our widgets share. In the RJSF Chakra theme each widget draws its own label, so a
 * custom widget without this would appear unlabelled; errors stay with the field template.
 */
export function WidgetField({ props, children }: { props: WidgetProps; children: ReactNode }) {
  const { id, label, hideLabel, required, disabled, readonly, rawErrors } = props
  const text = labelValue(label, hideLabel || !label)
  return (
    <Field.Root required={required} disabled={disabled || readonly} invalid={!!rawErrors?.length} mb="1">
      {text && (
        <Field.Label htmlFor={id}>
          {text}
          <Field.RequiredIndicator />
        </Field.Label>
      )}
      {children}
    </Field.Root>
  )
}
