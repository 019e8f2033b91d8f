import { Input } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'
import { todayInChina } from '../../../schemas/validate.ts'
import { WidgetField } from './widget-field.tsx'

/** A date that cannot be in the future: the picker stops at today, and validation says so too. */
function PastDateWidgetControl({ id, value, onChange, onBlur, disabled, readonly }: WidgetProps) {
  return (
    <Input
      id={id}
      type="date"
      max={todayInChina()}
      min="1900-01-01"
      value={value ?? ''}
      disabled={disabled}
      readOnly={readonly}
      onChange={(e) => onChange(e.target.value || undefined)}
      onBlur={() => onBlur(id, value)}
    />
  )
}

export function PastDateWidget(props: WidgetProps) {
  return (
    <WidgetField props={props}>
      <PastDateWidgetControl {...props} />
    </WidgetField>
  )
}
