// Single modules of the RJSF Chakra theme, not its index: the index brings every widget (Chakra
// select, slider, number input) and the icon sets of array editing, which our forms do not use.
import CheckboxWidget from '@rjsf/chakra-ui/lib/CheckboxWidget/CheckboxWidget.js'
import DescriptionField from '@rjsf/chakra-ui/lib/DescriptionField/DescriptionField.js'
import FieldErrorTemplate from '@rjsf/chakra-ui/lib/FieldErrorTemplate/FieldErrorTemplate.js'
import FieldHelpTemplate from '@rjsf/chakra-ui/lib/FieldHelpTemplate/FieldHelpTemplate.js'
import RadioWidget from '@rjsf/chakra-ui/lib/RadioWidget/RadioWidget.js'
import TitleField from '@rjsf/chakra-ui/lib/TitleField/TitleField.js'
import WrapIfAdditionalTemplate from '@rjsf/chakra-ui/lib/WrapIfAdditionalTemplate/WrapIfAdditionalTemplate.js'
import { withTheme } from '@rjsf/core'
import { ArrayFieldItemTemplate, ArrayFieldTemplate, BUTTON_TEMPLATES } from './array-field.tsx'
import { BaseInputTemplate, TextareaWidget } from './base-input.tsx'
import { FieldTemplate } from './field-template.tsx'
import { FileUploadField } from './file-upload-field.tsx'
import { ObjectFieldTemplate } from './object-field.tsx'
import { WIDGETS } from './widgets/index.ts'
import { OptionsSelect } from './widgets/options-select.tsx'

/** The field names uiSchemas in schemas/forms may use with `ui:field`. */
export const FIELDS = {
  // Uploads to the server and keeps {fileUrl, fileOgName}: one file (object) or several (array).
  'file-upload': FileUploadField,
}

/**
 * The form theme: Chakra templates for layout and errors, our inputs and widgets for fields. uiSchemas
 * in schemas/forms name widgets (`ui:widget`, see widgets/index.ts) and fields (`ui:field`, below) by
 * these strings, so they stay plain data.
 */
export const Form = withTheme({
  fields: FIELDS,
  templates: {
    ArrayFieldTemplate,
    ArrayFieldItemTemplate,
    ButtonTemplates: BUTTON_TEMPLATES,
    BaseInputTemplate,
    DescriptionFieldTemplate: DescriptionField,
    FieldErrorTemplate,
    FieldHelpTemplate,
    FieldTemplate,
    ObjectFieldTemplate,
    TitleFieldTemplate: TitleField,
    WrapIfAdditionalTemplate,
  },
  widgets: {
    ...WIDGETS,
    CheckboxWidget,
    RadioWidget,
    SelectWidget: OptionsSelect,
    TextareaWidget,
  },
})
