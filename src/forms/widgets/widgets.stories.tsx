import { Box } from '@chakra-ui/react'
import { ErrorSchemaBuilder, type RJSFSchema, type UiSchema } from '@rjsf/utils'
import validator from '@rjsf/validator-ajv8'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { withMockApi } from '../stories/mock-api.tsx'
import { Form } from '../theme.ts'
import type { WIDGETS } from './index.ts'

interface WidgetDemoProps {
  /** A key of WIDGETS, as a uiSchema names it with `ui:widget`. */
  widget: keyof typeof WIDGETS
  /** The field's own schema (title = label). */
  field: RJSFSchema
  /** Further uiSchema keys of the field: `ui:options`, `ui:placeholder`… */
  ui?: UiSchema
  required?: boolean
  value?: unknown
  /** Shown as if validation had failed; the widget gets it as rawErrors, the template prints it. */
  error?: string
  onChange(value: unknown): void
}

/**
 * One widget inside a one-field RJSF form with our widget registry: the widget receives the props the
 * real forms give it (label, required, rawErrors…), and errors print through the theme's template.
 * Story-only, so the runtime ajv validator is fine here; the app uses precompiled ones.
 */
function WidgetDemo({ widget, field, ui, required, value, error, onChange }: WidgetDemoProps) {
  const extraErrors = error ? new ErrorSchemaBuilder().addErrors(error, 'field').ErrorSchema : undefined
  return (
    <Box maxW="630px" mx="auto" my="8" p="6" bg="bg" borderRadius="md" boxShadow="sm">
      <Form
        schema={{ type: 'object', properties: { field }, required: required ? ['field'] : [] }}
        uiSchema={{ field: { ...ui, 'ui:widget': widget }, 'ui:submitButtonOptions': { norender: true } }}
        validator={validator}
        formData={value === undefined ? {} : { field: value }}
        extraErrors={extraErrors}
        showErrorList={false}
        experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
        onChange={(e) => onChange((e.formData as { field?: unknown } | undefined)?.field)}
      />
    </Box>
  )
}

const meta = {
  title: 'Forms/Widgets',
  component: WidgetDemo,
  decorators: [withMockApi],
  args: { onChange: fn() },
  argTypes: { field: { control: false }, ui: { control: false } },
} satisfies Meta<typeof WidgetDemo>

export default meta
type Story = StoryObj<typeof meta>

const region = { widget: 'region', field: { type: 'string', title: '所在城市' }, required: true } as const

/** Province, then city, then district; the value is set only once a district is chosen. */
export const RegionCascader: Story = { args: region }

/** A stored district code opens with its whole path selected. */
export const RegionCascaderWithValue: Story = { args: { ...region, value: '320508' } }

export const DictSelect: Story = {
  args: {
    widget: 'dict',
    field: { type: 'string', title: '专业' },
    ui: { 'ui:options': { dict: 'sys_professional_type' }, 'ui:placeholder': '请选择专业' },
    required: true,
  },
}

export const OptionsSelect: Story = {
  args: {
    widget: 'options',
    field: { type: 'string', title: '证件类型', enum: ['1', '2', '3', '4'] },
    ui: { 'ui:enumNames': ['居民身份证', '护照', '港澳居民来往内地通行证', '台湾居民来往大陆通行证'] },
    required: true,
    value: '1',
  },
}

/** The picker stops at today. */
export const PastDateWidget: Story = {
  args: { widget: 'pastDate', field: { type: 'string', title: '生日' }, required: true, value: '1994-06-18' },
}

const agreement = {
  widget: 'agreement',
  field: { type: 'boolean', title: '我已阅读并同意《咖簿网用户协议》', const: true },
  // As in the real-name form: the tick box's own text is the label.
  ui: { 'ui:options': { label: false } },
  required: true,
} as const

export const AgreementUnticked: Story = { args: agreement }

export const AgreementTicked: Story = { args: { ...agreement, value: true } }

export const AgreementWithError: Story = { args: { ...agreement, error: '请勾选咖簿网协议' } }

const upload = {
  widget: 'upload',
  field: { type: 'string', title: '作品文件' },
  ui: { 'ui:options': { accept: 'image/*,.pdf' } },
} as const

/** Choose any file: the mock backend reports progress for about 1.5 s, then the URL is kept. */
export const FileUploadEmpty: Story = { args: upload }

export const FileUploadWithValue: Story = {
  args: {
    ...upload,
    value: '/api/files/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.png',
  },
}
