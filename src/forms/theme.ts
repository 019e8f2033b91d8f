// Single modules of the RJSF Chakra theme, not its index: the index brings every widget (Chakra
// select, slider, number input) and the icon sets of array editing, which our forms do not use.
import CheckboxWidget from '@rjsf/chakra-ui/lib/CheckboxWidget/CheckboxWidget.js'
import DescriptionField from '@rjsf/chakra-ui/lib/DescriptionField/DescriptionField.js'
import FieldErrorTemplate from '@rjsf/chakra-ui/lib/FieldErrorTemplate/FieldErrorTemplate.js'
import FieldHelpTemplate from '@rjsf/chakra-ui/lib/FieldHelpTemplate/FieldHelpTemplate.js'
import FieldTemplate from '@rjsf/chakra-ui/lib/FieldTemplate/FieldTemplate.js'
import RadioWidget from '@rjsf/chakra-ui/lib/RadioWidget/RadioWidget.js'
import TitleField from '@rjsf/chakra-ui/lib/TitleField/TitleField.js'
import WrapIfAdditionalTemplate from '@rjsf/chakra-ui/lib/WrapIfAdditionalTemplate/WrapIfAdditionalTemplate.js'
import { withTheme } from '@rjsf/core'
import { BaseInputTemplate, TextareaWidget } from './base-input.tsx'
import { ObjectFieldTemplate } from './object-field.tsx'
import { WIDGETS } from './widgets/index.ts'
import { OptionsSelect } from './widgets/options-select.tsx'

/** The form theme: Chakra templates for layout and errors, our inputs and widgets for fields. */
export const Form = withTheme({
  templates: {
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
