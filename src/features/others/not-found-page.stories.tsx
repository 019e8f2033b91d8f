import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { NotFoundView } from './not-found-page.tsx'

const meta = {
  title: 'Others/NotFoundView',
  component: NotFoundView,
  args: { onBack: fn() },
} satisfies Meta<typeof NotFoundView>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
