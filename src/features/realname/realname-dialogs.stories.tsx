import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, userEvent } from 'storybook/test'
import { withMockApi } from '../../forms/stories/mock-api.tsx'
import { useUserStore } from '../../stores/user.ts'
import RealnameDialogs from './realname-dialogs.tsx'

const meta = {
  title: 'Realname/RealnameDialogs',
  component: RealnameDialogs,
  decorators: [withMockApi],
  // The dialogs open from the user store's flag, as any page opens them; the store is reset after.
  beforeEach: () => {
    useUserStore.getState().setRealnameDialogOpen(true)
    return () => useUserStore.getState().reset()
  },
} satisfies Meta<typeof RealnameDialogs>

export default meta
type Story = StoryObj<typeof meta>

export const TipDialog: Story = {}

/** 去认证 leads to the 630 px form dialog. The dialog is portalled to the body, outside the canvas. */
export const FormDialog: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: '去认证' }))
    await expect(await screen.findByTestId('realname-form')).toBeVisible()
  },
}
