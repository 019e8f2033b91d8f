import type { RegistryWidgetsType } from '@rjsf/utils'
import { AgreementCheckbox } from './agreement-checkbox.tsx'
import { ChoicesSelect } from './choices-select.tsx'
import { DictSelect } from './dict-select.tsx'
import { FileUploadWidget } from './file-upload.tsx'
import { OptionsSelect } from './options-select.tsx'
import { PastDateWidget } from './past-date.tsx'
import { RegionCascader } from './region-cascader.tsx'
import { SmsCodeWidget } from './sms-code.tsx'

/** The widget names uiSchemas in schemas/forms may use with `ui:widget`. */
export const WIDGETS: RegistryWidgetsType = {
  region: RegionCascader,
  dict: DictSelect,
  options: OptionsSelect,
  pastDate: PastDateWidget,
  agreement: AgreementCheckbox,
  upload: FileUploadWidget,
  smsCode: SmsCodeWidget,
  // Options from formContext.choices[ui:options.source]: lists that differ per competition.
  choices: ChoicesSelect,
}
