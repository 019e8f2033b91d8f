import { NativeSelect } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'
import { WidgetField } from './widget-field.tsx'

/** A native select over a schema enum, labelled by `ui:enumNames` — light, and right on phones. */
function OptionsSelectControl({
  id,
  value,
  onChange,
  onBlur,
  options,
  disabled,
  readonly,
  placeholder,
}: WidgetProps) {
  const items = (options.enumOptions ?? []) as Array<{ value: string; label: string }>
  return (
    <NativeSelect.Root disabled={disabled || readonly}>
      <NativeSelect.Field
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
        onBlur={() => onBlur(id, value)}
      >
        <option value="">{placeholder || '请选择'}</option>
        {items.map((item) => (
          <option key={item.value} value={item.value}>
            {item.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

export function OptionsSelect(props: WidgetProps) {
  return (
    <WidgetField props={props}>
      <OptionsSelectControl {...props} />
    </WidgetField>
  )
}
