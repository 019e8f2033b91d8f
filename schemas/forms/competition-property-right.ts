import { defineForm } from './define.ts'
import { DOCUMENT_EXTENSIONS, fileUploadUi, uploadedFileField } from './fields.ts'

const MAX_PROPERTY_RIGHT_FILES = 5
const PROPERTY_RIGHT_REQUIRED = '请上传知识产权证明文件'
const ORIGINAL_REQUIRED = '请承诺作品为本人（团队）原创'

/** A work's property-right proof (updateWorkPropertyRight): 1–5 scans or PDFs, and the originality pledge. */
export const competitionPropertyRight = defineForm({
  name: 'competition-property-right',
  label: '知识产权证明',
  fields: {
    propertyRight: {
      schema: {
        type: 'array',
        title: '知识产权证明',
        minItems: 1,
        maxItems: MAX_PROPERTY_RIGHT_FILES,
        items: uploadedFileField(DOCUMENT_EXTENSIONS),
        errorMessage: {
          minItems: PROPERTY_RIGHT_REQUIRED,
          maxItems: `知识产权证明最多上传${MAX_PROPERTY_RIGHT_FILES}个文件`,
          type: PROPERTY_RIGHT_REQUIRED,
        },
      },
      required: PROPERTY_RIGHT_REQUIRED,
      ui: fileUploadUi(DOCUMENT_EXTENSIONS, MAX_PROPERTY_RIGHT_FILES, {
        help: `专利证书、版权登记证书或授权书等，pdf / jpg / png，最多${MAX_PROPERTY_RIGHT_FILES}个，每个 20MB 以内`,
      }),
    },
    original: {
      schema: { type: 'boolean', title: '我承诺参赛作品为本人（团队）原创', const: true },
      required: ORIGINAL_REQUIRED,
      invalid: ORIGINAL_REQUIRED,
      ui: {
        // The same tick box as the registration's pledge: its id is on the real input (label and focus reach it).
        'ui:widget': 'agreement',
        'ui:options': {
          label: false,
          text: '我承诺参赛作品为本人（团队）原创',
          linkText: '',
          linkFrom: 'none',
        },
      },
    },
  },
})
