import { describe, expect, it } from 'vitest'
import { FORM_NAMES, FORMS, type FormName, LANDING_SIGNUP_FORMS } from '../../schemas/forms/index.ts'
import { PRECOMPILED } from '../../schemas/precompiled.ts'
import { fieldsOf, firstError, normalize, validateForm } from '../../schemas/validate.ts'
import { parseForm } from '../../server/lib/form-body.ts'
import { LOADERS } from '../../src/forms/generated-loaders.ts'
import { FIELDS } from '../../src/forms/theme.ts'
import { createFormValidator } from '../../src/forms/validator.ts'
import { WIDGETS } from '../../src/forms/widgets/index.ts'
import { VALID_FORMS } from '../support/valid-forms.ts'

/** What the browser's form shows first, in the form's order. */
function formMessage(name: FormName, data: Record<string, unknown>): string | undefined {
  const { errorSchema } = createFormValidator(name, PRECOMPILED[name], () => true).validateFormData(
    data,
    {} as never,
  )
  const byField = Object.fromEntries(
    Object.entries(errorSchema as Record<string, { __errors?: string[] }>).map(([f, e]) => [
      f,
      e.__errors?.[0],
    ]),
  )
  return firstError(name, byField)
}

/** What the server answers (code 400's msg), or undefined when it accepts the body. */
function serverMessage(name: FormName, data: Record<string, unknown>): string | undefined {
  try {
    parseForm(name, data)
    return undefined
  } catch (e) {
    return (e as Error).message
  }
}

/** Every `ui:widget` / `ui:field` string in a uiSchema, however deep (array items included). */
function namedComponents(ui: unknown, kind: 'ui:widget' | 'ui:field'): string[] {
  if (!ui || typeof ui !== 'object') return []
  return Object.entries(ui).flatMap(([key, value]) =>
    key === kind && typeof value === 'string' ? [value] : namedComponents(value, kind),
  )
}

// Widgets RJSF itself provides under these names (the theme maps some of them to ours).
const RJSF_WIDGETS = ['text', 'password', 'textarea', 'checkbox', 'radio', 'updown', 'select', 'email']

describe('the forms registry', () => {
  it.each(FORM_NAMES)('%s: its name is its schema $id, and it has a label', (name) => {
    expect(FORMS[name].schema.$id).toBe(name)
    expect(FORMS[name].label).toMatch(/\p{Script=Han}/u)
  })

  it.each(FORM_NAMES)('%s: its order names each field once, and only its fields', (name) => {
    const order: readonly string[] = FORMS[name].order
    expect(new Set(order).size).toBe(order.length)
    expect([...order].sort()).toEqual(fieldsOf(name).sort())
  })

  it.each(FORM_NAMES)('%s: its uiSchema names only registered widgets and fields', (name) => {
    const ui = FORMS[name].uiSchema
    for (const widget of namedComponents(ui, 'ui:widget'))
      expect([...Object.keys(WIDGETS), ...RJSF_WIDGETS]).toContain(widget)
    for (const field of namedComponents(ui, 'ui:field')) expect(Object.keys(FIELDS)).toContain(field)
    // Plain data: it survives JSON (no functions, no React elements).
    expect(JSON.parse(JSON.stringify(ui))).toEqual(ui)
  })

  it('the generated server map and browser loaders hold every form, and nothing else', () => {
    expect(Object.keys(PRECOMPILED).sort()).toEqual([...FORM_NAMES].sort())
    expect(Object.keys(LOADERS).sort()).toEqual([...FORM_NAMES].sort())
  })

  it('each browser loader brings the same validators the server uses', async () => {
    for (const name of FORM_NAMES) {
      const loaded = (await LOADERS[name]()).default
      expect(Object.keys(loaded).sort()).toEqual(Object.keys(PRECOMPILED[name]).sort())
    }
  })

  it('landing sign-ups may use event-signup, and each such form asks for the phone the server keys on', () => {
    expect(LANDING_SIGNUP_FORMS).toContain('event-signup')
    expect(LANDING_SIGNUP_FORMS).not.toContain('competition-registration')
    for (const name of LANDING_SIGNUP_FORMS) expect(fieldsOf(name)).toContain('phone')
  })
})

describe('every form has a valid sample', () => {
  it.each(FORM_NAMES)('%s: the sample passes the form and the server, and normalizes to itself', (name) => {
    const sample = VALID_FORMS[name] as Record<string, unknown>
    expect(normalize(name, sample)).toEqual(sample)
    expect(validateForm(name, PRECOMPILED[name], sample)).toEqual({})
    expect(formMessage(name, sample)).toBeUndefined()
    expect(serverMessage(name, sample)).toBeUndefined()
  })

  it.each(FORM_NAMES)('%s: an empty form gets the same first message from form and server', (name) => {
    const fromForm = formMessage(name, {})
    expect(serverMessage(name, {})).toBe(fromForm)
  })
})
