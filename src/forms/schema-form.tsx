import { Box, Button, Skeleton, Stack } from '@chakra-ui/react'
import type { IChangeEvent } from '@rjsf/core'
import type { RJSFSchema, UiSchema } from '@rjsf/utils'
import { type ReactNode, Suspense, use, useCallback, useMemo, useRef, useState } from 'react'
import { FORMS, type FormName } from '../../schemas/forms/index.ts'
import type { ValidatorMap } from '../../schemas/validate.ts'
import { normalize } from '../../schemas/validate.ts'
import { useHydrated } from '../lib/use-hydrated.ts'
import { Form } from './theme.ts'
import { UploadsInProgress } from './uploads-in-progress.ts'
import { createFormValidator, validatorsFor } from './validator.ts'

interface SchemaFormProps {
  name: FormName
  /**
   * Changes to the registry's uiSchema (schemas/forms/index.ts), merged per field: `{ phone:
   * { 'ui:readonly': true } }` keeps the phone's placeholder. Most callers pass none.
   */
  uiSchema?: Record<string, unknown>
  /** What the fields start with; the form keeps its own data from then on. */
  formData?: Record<string, unknown>
  submitLabel: string
  submitting?: boolean
  /** Shown but not editable, without a submit button (a closed or submitted entry). */
  readOnly?: boolean
  /** Called with normalized data once every field is valid. */
  onSubmit(data: Record<string, unknown>): void
  onChange?(data: Record<string, unknown>): void
  /** Rendered beside the submit button (e.g. a cancel button). */
  actions?: ReactNode
  /** Handed to widgets as RJSF's formContext (e.g. how the SMS-code widget sends a code). */
  context?: object
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value)

/** The registry's uiSchema with a caller's changes: a field's entries merged, anything else replaced. */
function mergeUiSchema(
  base: Record<string, unknown>,
  overrides: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (!overrides) return base
  const merged: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(overrides)) {
    const current = merged[key]
    merged[key] = isPlainObject(current) && isPlainObject(value) ? { ...current, ...value } : value
  }
  return merged
}

/** "root_username" → "username": RJSF ids carry the path of the field. */
const fieldOf = (id: string) => id.replace(/^root_/, '').split('_')[0] ?? id

/** A field's value as compared between checks. */
const valueKey = (value: unknown) => String(JSON.stringify(value))

/** The form itself, once its precompiled validator has loaded. */
function SchemaFormBody({
  validatorsPromise,
  name,
  uiSchema,
  formData,
  submitLabel,
  submitting,
  readOnly,
  onSubmit,
  onChange,
  actions,
  context,
}: SchemaFormProps & { validatorsPromise: Promise<ValidatorMap> }) {
  const validators = use(validatorsPromise)
  const ui = useMemo(
    () => mergeUiSchema(FORMS[name].uiSchema as Record<string, unknown>, uiSchema),
    [name, uiSchema],
  )
  const hydrated = useHydrated()
  // The value each field had when it was last checked (its blur, or a submit). A field shows its
  // message only while it still has that value: a field changed since shows none until it is
  // checked again. The messages follow from the data, so a validation that runs later, for whatever
  // reason, cannot hide what a submit found.
  const checked = useRef(new Map<string, string>())
  // Set by a submit until its validation has recorded every field.
  const checkAll = useRef(false)
  // Files still uploading: the submit waits for them.
  const [uploading, setUploading] = useState(0)
  const beginUpload = useCallback(() => {
    setUploading((n) => n + 1)
    let ended = false
    return () => {
      if (ended) return
      ended = true
      setUploading((n) => n - 1)
    }
  }, [])
  // biome-ignore lint/suspicious/noExplicitAny: RJSF's Form instance type is generic over the theme.
  const form = useRef<any>(null)
  const validator = useMemo(
    () =>
      createFormValidator(name, validators, (field, formData) => {
        if (checkAll.current) {
          checkAll.current = false
          // Every field of the form, also those only a conditional branch defines (a passport's
          // gender and birthday): they are not among the schema's top-level properties.
          for (const key of FORMS[name].order) checked.current.set(key, valueKey(formData[key]))
        }
        return checked.current.get(field) === valueKey(formData[field])
      }),
    [name, validators],
  )

  return (
    <Box
      onSubmitCapture={() => {
        checkAll.current = true
      }}
      css={{ '& form > .form-group > fieldset > legend': { display: 'none' } }}
    >
      <UploadsInProgress.Provider value={beginUpload}>
        <Form
          ref={form}
          schema={FORMS[name].schema as unknown as RJSFSchema}
          uiSchema={ui as UiSchema}
          validator={validator}
          formContext={context}
          // Uncontrolled: RJSF keeps the data, starting from `formData`. Handing each onChange back as the
          // `formData` prop is an echo that can commit after a submit (the report of the defaults the
          // form fills in on its first render does: it is queued while rendering, in a lower lane than a
          // click). RJSF takes a late echo for the parent changing those fields and clears their errors,
          // so the first submit lost the tick box's 请阅读 (its `false` was in that report).
          initialFormData={formData}
          method="post"
          showErrorList={false}
          // A tick box whose schema says `const: true` must still start unticked.
          experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
          noHtml5Validate
          // Typed into before its code runs, a field would be emptied by hydration: fields wait too.
          disabled={readOnly || submitting || !hydrated}
          onChange={(e: IChangeEvent) => {
            // Without live validation RJSF keeps a changed field's message: this drops it until the next check.
            form.current?.validateForm()
            onChange?.(e.formData)
          }}
          onBlur={(id: string) => {
            const field = fieldOf(id)
            checked.current.set(field, valueKey(form.current?.state.formData?.[field]))
            form.current?.validateForm()
          }}
          // Errors are shown beside their fields; RJSF would otherwise also log them to the console.
          onError={() => {}}
          onSubmit={(e: IChangeEvent) => {
            checkAll.current = false
            onSubmit(normalize(name, e.formData))
          }}
        >
          <Box display={readOnly ? 'none' : 'flex'} gap="3" justifyContent="flex-end" mt="6">
            {actions}
            <Button
              type="submit"
              colorPalette="brand"
              disabled={!hydrated}
              loading={submitting || uploading > 0}
              loadingText={submitting ? '提交中…' : '文件上传中…'}
            >
              {submitLabel}
            </Button>
          </Box>
        </Form>
      </UploadsInProgress.Provider>
    </Box>
  )
}

function FormSkeleton() {
  return (
    <Stack gap="4" role="status" aria-busy="true" aria-label="表单加载中">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} h="14" borderRadius="md" />
      ))}
    </Stack>
  )
}

/**
 * Any registered form (schemas/forms/index.ts) by name, drawn with its registry uiSchema: the RJSF theme of src/forms/theme.ts plus our widgets. A field is checked
 * when it loses focus; on submit every field is checked. Messages come from the shared validator,
 * so they match the API's word for word.
 */
export function SchemaForm(props: SchemaFormProps) {
  return (
    <Suspense fallback={<FormSkeleton />}>
      <SchemaFormBody {...props} validatorsPromise={validatorsFor(props.name)} />
    </Suspense>
  )
}
