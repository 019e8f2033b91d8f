import { defineForm } from './define.ts'
import {
  choiceField,
  choicesUi,
  fileUploadUi,
  IMAGE_EXTENSIONS,
  textField,
  uploadedFileField,
} from './fields.ts'

const MAX_WORK_IMAGES = 6

/**
 * A competition work's base information (works/base): name, category, the optional proposition, a
 * cover, up to six pictures and a short abstract. Whether a proposition is required depends on the
 * chosen category's kind in the competition definition, which the form does not know: the server
 * decides that, as it checks category and proposition membership.
 */
export const competitionWorkBase = defineForm({
  name: 'competition-work-base',
  label: '作品基本信息',
  fields: {
    worksName: {
      schema: textField('作品名称', 2, 50),
      required: '作品名称不能为空',
      ui: { 'ui:placeholder': '2-50个字' },
    },
    range: {
      schema: choiceField('参赛类别', '请选择参赛类别'),
      required: '请选择参赛类别',
      ui: choicesUi('ranges', '请选择参赛类别'),
    },
    proposition: {
      schema: choiceField('命题', '请选择命题'),
      // Hidden when the competition offers no propositions (the choices widget draws nothing then).
      ui: choicesUi('propositions', '命题类作品请选择命题'),
    },
    cover: {
      schema: { ...uploadedFileField(IMAGE_EXTENSIONS, '请上传作品封面'), title: '作品封面' },
      required: '请上传作品封面',
      ui: fileUploadUi(IMAGE_EXTENSIONS, 1, { maxSizeMb: 10, help: 'jpg / png，10MB 以内，建议 4:3 横图' }),
    },
    images: {
      schema: {
        type: 'array',
        title: '作品图片',
        maxItems: MAX_WORK_IMAGES,
        items: uploadedFileField(IMAGE_EXTENSIONS),
        errorMessage: { maxItems: `作品图片最多上传${MAX_WORK_IMAGES}张`, type: '请重新上传作品图片' },
      },
      ui: fileUploadUi(IMAGE_EXTENSIONS, MAX_WORK_IMAGES, {
        maxSizeMb: 10,
        help: `选填，最多${MAX_WORK_IMAGES}张，jpg / png，每张 10MB 以内`,
      }),
    },
    abstract: {
      schema: textField('作品简介', 20, 500),
      required: '作品简介不能为空',
      ui: {
        'ui:widget': 'textarea',
        'ui:placeholder': '20-500个字：作品的用途、使用场景与主要特点',
        'ui:options': { rows: 4 },
      },
    },
  },
})
