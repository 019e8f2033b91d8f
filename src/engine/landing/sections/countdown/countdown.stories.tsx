import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import Countdown from './render.tsx'

const DAY_MS = 86_400_000

const meta = {
  title: 'Landing/Countdown',
  component: Countdown,
  decorators: [
    (Story) => (
      <Box bg="bg">
        <Story />
      </Box>
    ),
  ],
  args: {
    title: '距离设计周开幕还有',
    // Relative to today, so the story keeps counting whenever it is opened.
    target: new Date(Date.now() + 12 * DAY_MS + 5 * 3_600_000 + 42 * 60_000).toISOString(),
    endedText: '设计周已盛大开幕，欢迎莅临现场！',
    note: '云湖会展中心（示例场馆）B 馆',
    palette: 'brand',
  },
} satisfies Meta<typeof Countdown>

export default meta
type Story = StoryObj<typeof meta>

export const Running: Story = {}

export const Ended: Story = { args: { target: '2025-12-18T09:00:00+08:00', note: undefined } }

/** On a purple page the band follows the page's palette. */
export const PurplePage: Story = { args: { palette: 'purple' } }
