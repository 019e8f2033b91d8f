import { Input, Textarea } from '@chakra-ui/react'
import { ariaDescribedByIds, type BaseInputTemplateProps, getInputProps, type WidgetProps } from '@rjsf/utils'
import { WidgetField } from './widgets/widget-field.tsx'

/**
 * Text-like inputs (text, tel, email, password, number). Ours rather than the Chakra theme's so the
 * label is tied to the input (`for` = the input's id): clicking it focuses the field and screen
 * readers announce it.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const {
    id,
    htmlName,
    type,
    value,
    onChange,
    onChangeOverride,
    onBlur,
    onFocus,
    options,
    schema,
    placeholder,
    autofocus,
    disabled,
    readonly,
  } = props
  const inputProps = getInputProps(schema, type, options)
  return (
    <WidgetField props={props as unknown as WidgetProps}>
      <Input
        id={id}
        name={htmlName || id}
        value={value || value === 0 ? value : ''}
        placeholder={placeholder}
        autoFocus={autofocus}
        readOnly={readonly}
        disabled={disabled}
        onChange={
          onChangeOverride || ((e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value))
        }
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
        aria-describedby={ariaDescribedByIds(id)}
        {...inputProps}
      />
    </WidgetField>
  )
}

export function TextareaWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, options, placeholder, autofocus, disabled, readonly } = props
  return (
    <WidgetField props={props}>
      <Textarea
        id={id}
        value={value ?? ''}
        rows={typeof options.rows === 'number' ? options.rows : 3}
        placeholder={placeholder}
        autoFocus={autofocus}
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
