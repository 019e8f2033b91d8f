import { competitionRegistrationFields } from './competition-registration.ts'
import { defineForm } from './define.ts'
import { choiceField, choicesUi } from './fields.ts'

const { entrantType, ...rest } = competitionRegistrationFields

/** The QT (青苔) competitions' registration: the common registration plus the 青苔 category. */
export const competitionQtRegistration = defineForm({
  name: 'competition-qt-registration',
  label: '青苔大赛报名信息',
  fields: {
    entrantType,
    // A dictionary value; which categories a year offers comes with its definition.
    qtType: {
      schema: choiceField('青苔类别', '请选择青苔类别'),
      required: '请选择青苔类别',
      ui: choicesUi('qtTypes', '请选择青苔类别'),
    },
    ...rest,
  },
})
