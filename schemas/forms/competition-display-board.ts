import { defineForm } from './define.ts'
import { fileUploadUi, IMAGE_EXTENSIONS, uploadedFileField } from './fields.ts'

const MAX_DISPLAY_BOARDS = 3
const DISPLAY_BOARD_REQUIRED = '请上传展板'

/** A work's display boards (updateDisplayBoard): 1–3 images. */
export const competitionDisplayBoard = defineForm({
  name: 'competition-display-board',
  label: '作品展板',
  fields: {
    displayBoard: {
      schema: {
        type: 'array',
        title: '展板',
        minItems: 1,
        maxItems: MAX_DISPLAY_BOARDS,
        items: uploadedFileField(IMAGE_EXTENSIONS),
        errorMessage: {
          minItems: DISPLAY_BOARD_REQUIRED,
          maxItems: `展板最多上传${MAX_DISPLAY_BOARDS}张`,
          type: DISPLAY_BOARD_REQUIRED,
        },
      },
      required: DISPLAY_BOARD_REQUIRED,
      ui: fileUploadUi(IMAGE_EXTENSIONS, MAX_DISPLAY_BOARDS, {
        help: `竖版 A1 展板，jpg / png，1-${MAX_DISPLAY_BOARDS}张，每张 20MB 以内`,
      }),
    },
  },
})
