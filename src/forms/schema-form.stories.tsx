import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { SchemaForm } from './schema-form.tsx'
import { withMockApi } from './stories/mock-api.tsx'

const meta = {
  title: 'Forms/SchemaForm',
  component: SchemaForm,
  decorators: [
    withMockApi,
    // The width of the real-name dialog's body, on the white of a dialog or a page card.
    (Story) => (
      <Box maxW="630px" mx="auto" my="8" p="6" bg="bg" borderRadius="md" boxShadow="sm">
        <Story />
      </Box>
    ),
  ],
  args: {
    name: 'realname',
    submitLabel: '提交认证',
    onSubmit: fn(),
    onChange: fn(),
  },
  // Each story names its form; the registry gives the form its uiSchema.
  argTypes: { name: { control: false }, uiSchema: { control: false }, actions: { control: false } },
} satisfies Meta<typeof SchemaForm>

export default meta
type Story = StoryObj<typeof meta>

/** Opens on the ID-card branch: number only, no gender or birthday. */
export const Realname: Story = {}

/** Any document other than the mainland ID card also asks for gender and birthday. */
export const RealnameOtherDocument: Story = {
  args: {
    formData: {
      username: '林晓雨',
      identityType: '2',
      identity: 'E12345678',
      gender: '2',
      birthday: '1994-06-18',
      cityId: '320508',
      professional: '2',
      professionalName: '产品设计师',
    },
  },
}

/** Submitting an empty form checks every field at once and shows each §5 message beside its field. */
export const RealnameErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The form's validator loads lazily: wait for the form to replace its skeleton.
    await userEvent.click(await canvas.findByRole('button', { name: '提交认证' }))
    await expect(await canvas.findByText('姓名不能为空')).toBeVisible()
    await expect(canvas.getByText('身份证号不能为空')).toBeVisible()
    await expect(canvas.getByText('请勾选咖簿网协议')).toBeVisible()
  },
}

/**
 * A passport without gender or birthday: submitting shows both messages, though the branch that
 * defines those two fields is not among the form's top-level properties.
 */
export const RealnamePassportErrors: Story = {
  args: { formData: { identityType: '2', identity: 'E12345678' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: '提交认证' }))
    await expect(await canvas.findByText('性别不能为空')).toBeVisible()
    await expect(canvas.getByText('生日不能为空')).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const Login: Story = {
  args: { name: 'login', submitLabel: '登录' },
}

/** While the request runs the fields are disabled and the button shows its loading text. */
export const LoginSubmitting: Story = {
  args: {
    name: 'login',

    submitLabel: '登录',
    submitting: true,
    formData: { account: '13800000001', password: 'Kabu2026!' },
  },
}

export const Address: Story = {
  args: { name: 'address', submitLabel: '保存地址' },
}

export const PasswordReset: Story = {
  args: { name: 'password-reset', submitLabel: '重置密码' },
}
