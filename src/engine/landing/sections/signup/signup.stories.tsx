import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { SlugContext } from '../../slug-context.ts'
import Signup from './render.tsx'
import { SuccessPanel } from './success-panel.tsx'

const DAY_MS = 86_400_000

// Storybook has no API server: the form shows and validates, but a submission would be refused.
const meta = {
  title: 'Landing/Signup',
  component: Signup,
  decorators: [
    (Story) => (
      <SlugContext.Provider value="design-week-2026">
        <Box bg="bg">
          <Story />
        </Box>
      </SlugContext.Provider>
    ),
  ],
  args: {
    title: '活动报名',
    description: '论坛与展览免费开放，请如实填写信息，我们将通过短信发送入场二维码。',
    form: 'event-signup',
    submitLabel: '提交报名',
    // Relative to today, so the story stays open (or closed) whenever it is looked at.
    closesAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
    successTitle: '报名成功',
    successText: '我们已收到您的报名，入场二维码将在活动前三天通过短信发送，请留意查收。',
  },
} satisfies Meta<typeof Signup>

export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {}

export const Closed: Story = { args: { closesAt: new Date(Date.now() - DAY_MS).toISOString() } }

/** What replaces the form once the server has accepted it. */
export const Submitted: Story = {
  render: (args) => (
    <Box maxW="3xl" mx="auto" my="10" bg="bg" borderWidth="1px" borderRadius="2xl" px="6" py="8">
      <SuccessPanel title={args.successTitle} text={args.successText} />
    </Box>
  ),
}
