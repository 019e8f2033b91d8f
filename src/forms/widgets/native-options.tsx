import { NativeSelect } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'

/** The native select both option widgets draw: an empty first choice, then the items. */
export function NativeOptions({
  props,
  items,
}: {
  props: WidgetProps
  items: ReadonlyArray<{ value: string; label: string }>
}) {
  const { id, value, onChange, onBlur, disabled, readonly, placeholder } = props
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
