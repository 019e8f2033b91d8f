import ChakraObjectFieldTemplate from '@rjsf/chakra-ui/lib/ObjectFieldTemplate/ObjectFieldTemplate.js'
import { canExpand, type ObjectFieldTemplateProps } from '@rjsf/utils'

/**
 * RJSF Chakra's object layout, without its empty first row. Whenever the form is disabled (until it
 * has hydrated, and while it submits) that template puts the optional-data control in a grid item of
 * its own, rendered even when there is no such control; the grid's gap then made the form 16 px
 * taller, and everything below it moved up as the form became usable. Telling it the form is enabled
 * changes nothing else when there is no control and nothing to add: the fields are rendered, and
 * disabled, by the form itself.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const layoutOnly =
    props.optionalDataControl == null && !canExpand(props.schema, props.uiSchema, props.formData)
  return (
    <ChakraObjectFieldTemplate {...props} {...(layoutOnly ? { disabled: false, readonly: false } : {})} />
  )
}
