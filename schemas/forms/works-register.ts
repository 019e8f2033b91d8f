import { defineForm } from './define.ts'
import { boundedText, fileUploadUi, textField, uploadedFileField } from './fields.ts'

/** What may be registered as the work itself: every type the upload route stores. */
export const WORK_FILE_EXTENSIONS = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'bmp',
  'tif',
  'eps',
  'mp4',
  'txt',
  'pdf',
  'zip',
] as const
/** Description images (shown as a gallery). */
export const WORK_IMAGE_UPLOADS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const
export const MAX_DESCRIPTION_IMAGES = 9
export const MAX_DESCRIPTION_IMAGE_MB = 10
export const MAX_TAGS = 5
export const MAX_TAG_LENGTH = 12

const TAGS_MESSAGE = `标签用逗号分隔，最多${MAX_TAGS}个，每个不超过${MAX_TAG_LENGTH}个字`

/**
 * Registering a work for rights confirmation (SPEC §1, §3 "Work detail"): the work file, description
 * images, name, type (sys_works_type), tags and abstract. The server hashes the file, writes and
 * timestamps the rights statement; only mainland-ID-verified users may send it.
 */
export const worksRegister = defineForm({
  name: 'works-register',
  label: '作品确权登记',
  fields: {
    worksFile: {
      schema: { ...uploadedFileField(WORK_FILE_EXTENSIONS, '请上传作品文件'), title: '作品文件' },
      required: '请上传作品文件',
      ui: fileUploadUi(WORK_FILE_EXTENSIONS, 1, {
        maxSizeMb: 20,
        help: '图片（含 tif 与带预览图的 eps）、mp4 视频、txt 文本或 pdf / zip 文件，20MB 以内；服务器计算文件的 SHA-256 并登记',
      }),
    },
    worksName: {
      schema: textField('作品名称', 2, 50),
      required: '作品名称不能为空',
      ui: { 'ui:placeholder': '2-50个字' },
    },
    worksType: {
      schema: {
        type: 'string',
        title: '作品类型',
        minLength: 1,
        maxLength: 20,
        errorMessage: { minLength: '请选择作品类型', maxLength: '请选择作品类型', type: '请选择作品类型' },
      },
      required: '请选择作品类型',
      ui: {
        'ui:widget': 'dict',
        'ui:options': { dict: 'sys_works_type' },
        'ui:placeholder': '请选择作品类型',
      },
    },
    tag: {
      schema: {
        type: 'string',
        title: '作品标签',
        maxLength: 80,
        // Up to five tags of 1-12 characters, separated by a half- or full-width comma.
        pattern: `^[^,，\\s][^,，]{0,${MAX_TAG_LENGTH - 1}}([,，][^,，\\s][^,，]{0,${MAX_TAG_LENGTH - 1}}){0,${MAX_TAGS - 1}}$`,
        errorMessage: { pattern: TAGS_MESSAGE, maxLength: TAGS_MESSAGE },
      },
      required: '作品标签不能为空',
      ui: { 'ui:placeholder': `用逗号分隔，如：台灯,极简,铝合金（最多${MAX_TAGS}个）` },
    },
    images: {
      schema: {
        type: 'array',
        title: '作品说明图',
        maxItems: MAX_DESCRIPTION_IMAGES,
        items: uploadedFileField(WORK_IMAGE_UPLOADS),
        errorMessage: {
          maxItems: `作品说明图最多上传${MAX_DESCRIPTION_IMAGES}张`,
          type: '请重新上传作品说明图',
        },
      },
      ui: fileUploadUi(WORK_IMAGE_UPLOADS, MAX_DESCRIPTION_IMAGES, {
        maxSizeMb: MAX_DESCRIPTION_IMAGE_MB,
        help: `选填，最多${MAX_DESCRIPTION_IMAGES}张，每张 ${MAX_DESCRIPTION_IMAGE_MB}MB 以内`,
      }),
    },
    worksAbstract: {
      schema: boundedText('作品简介', 500),
      ui: {
        'ui:widget': 'textarea',
        'ui:placeholder': '选填，500字以内：创作思路、用途与主要特点',
        'ui:options': { rows: 4 },
      },
    },
    read: {
      schema: { type: 'boolean', title: '我确认本人是该作品的著作权人，登记内容真实', const: true },
      required: '请阅读并确认作品确权声明',
      invalid: '请阅读并确认作品确权声明',
      ui: {
        'ui:widget': 'agreement',
        'ui:options': {
          label: false,
          agreement: 'disclaimer',
          text: '我确认本人是该作品的著作权人、登记内容真实，并已阅读',
          linkText: '《免责声明》',
        },
      },
    },
  },
})
