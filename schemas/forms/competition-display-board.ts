import type { FromSchema } from 'json-schema-to-ts'
import { fileUploadUi, IMAGE_EXTENSIONS, uploadedFileField } from './fields.ts'

export const MAX_DISPLAY_BOARDS = 3
export const DISPLAY_BOARD_REQUIRED = '请上传展板'

/** A work's display boards (updateDisplayBoard): 1–3 images. */
export const competitionDisplayBoardSchema = {
  $id: 'competition-display-board',
  type: 'object',
  properties: {
    displayBoard: {
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
  },
  required: ['displayBoard'],
  errorMessage: { required: { displayBoard: DISPLAY_BOARD_REQUIRED } },
} as const

export type CompetitionDisplayBoardForm = FromSchema<typeof competitionDisplayBoardSchema>

export const competitionDisplayBoardOrder = ['displayBoard'] as const

export const competitionDisplayBoardUiSchema = {
  'ui:order': [...competitionDisplayBoardOrder],
  displayBoard: fileUploadUi(IMAGE_EXTENSIONS, MAX_DISPLAY_BOARDS, {
    help: `竖版 A1 展板，jpg / png，1-${MAX_DISPLAY_BOARDS}张，每张 20MB 以内`,
  }),
} as const
