import { Input } from '@chakra-ui/react'
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils'
import { WidgetField } from '../../forms/widgets/widget-field.tsx'

/**
 * A criterion's score: a text field taking number keys (the phone shows its number pad), not
 * `<input type=number>`, whose ↑ ↓ would change the score where the sheet uses them to move between
 * criteria. RJSF's number field turns the text into a number (keeping "7." while it is typed).
 */
export function ScoreWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, schema, options } = props
  return (
    <WidgetField props={props}>
      <Input
        id={id}
        name={id}
        inputMode="decimal"
        autoComplete="off"
        data-score-field=""
        value={value ?? ''}
        placeholder={`0–${schema.maximum ?? ''}`}
        readOnly={readonly}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
        aria-describedby={ariaDescribedByIds(id)}
      />
    </WidgetField>
  )
}
