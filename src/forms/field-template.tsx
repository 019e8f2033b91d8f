import { Fieldset, Text } from '@chakra-ui/react'
import { type FieldTemplateProps, getTemplate, getUiOptions } from '@rjsf/utils'

/**
 * RJSF Chakra's field layout with the help text where people look for it: under the field, small
 * and muted. The theme's own puts it above the content, before the label a list or upload field
 * draws itself, in body size — so it read as the end of the field above.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const {
    id,
    children,
    classNames,
    style,
    disabled,
    displayLabel,
    hidden,
    label,
    readonly,
    registry,
    required,
  } = props
  const { rawErrors = [], errors, rawHelp, description, rawDescription, schema, uiSchema } = props
  const uiOptions = getUiOptions(uiSchema)
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions)
  if (hidden) return <div style={{ display: 'none' }}>{children}</div>
  return (
    <WrapIfAdditionalTemplate
      classNames={classNames}
      style={style}
      disabled={disabled}
      id={id}
      label={label}
      displayLabel={displayLabel}
      rawDescription={rawDescription}
      onKeyRename={props.onKeyRename}
      onKeyRenameBlur={props.onKeyRenameBlur}
      onRemoveProperty={props.onRemoveProperty}
      readonly={readonly}
      required={required}
      schema={schema}
      uiSchema={uiSchema}
      registry={registry}
    >
      <Fieldset.Root disabled={disabled} invalid={rawErrors.length > 0}>
        {displayLabel && rawDescription ? <Fieldset.Legend mt="2">{description}</Fieldset.Legend> : null}
        <Fieldset.Content>{children}</Fieldset.Content>
        {rawHelp && (
          <Text id={`${id}__help`} fontSize="xs" color="fg.muted" mt="-1">
            {rawHelp}
          </Text>
        )}
        {errors}
      </Fieldset.Root>
    </WrapIfAdditionalTemplate>
  )
}
