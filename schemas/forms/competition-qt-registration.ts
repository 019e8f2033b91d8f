import type { FromSchema } from 'json-schema-to-ts'
import {
  COMPETITION_AGREEMENT_REQUIRED,
  competitionRegistrationProperties,
  competitionRegistrationRequired,
  competitionRegistrationUiFields,
} from './competition-registration.ts'
import { choiceField, choicesUi } from './fields.ts'

/** The QT (青苔) competitions' registration: the common registration plus the 青苔 category. */
export const competitionQtRegistrationSchema = {
  $id: 'competition-qt-registration',
  type: 'object',
  properties: {
    ...competitionRegistrationProperties,
    // A dictionary value; which categories a year offers comes with its definition.
    qtType: choiceField('青苔类别', '请选择青苔类别'),
  },
  required: ['entrantType', 'qtType', 'name', 'companyType', 'phone', 'email', 'address', 'agree'],
  errorMessage: {
    required: { ...competitionRegistrationRequired, qtType: '请选择青苔类别' },
    properties: { agree: COMPETITION_AGREEMENT_REQUIRED },
  },
} as const

export type CompetitionQtRegistrationForm = FromSchema<typeof competitionQtRegistrationSchema>

export const competitionQtRegistrationOrder = [
  'entrantType',
  'qtType',
  'name',
  'companyName',
  'companyType',
  'phone',
  'email',
  'address',
  'agree',
] as const

export const competitionQtRegistrationUiSchema = {
  'ui:order': [...competitionQtRegistrationOrder],
  ...competitionRegistrationUiFields,
  qtType: choicesUi('qtTypes', '请选择青苔类别'),
} as const
