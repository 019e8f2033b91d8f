import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import Stats from './render.tsx'

const meta = {
  title: 'Landing/Stats',
  component: Stats,
  decorators: [
    (Story) => (
      <Box bg="bg">
        <Story />
      </Box>
    ),
  ],
  args: {
    title: '往届数据',
    items: [
      { value: '3,200+', unit: '件', label: '参赛作品' },
      { value: '600', unit: '位', label: '参会设计师' },
      { value: '48', unit: '场', label: '论坛与工作坊' },
      { value: '92%', label: '参会者满意度' },
    ],
  },
} satisfies Meta<typeof Stats>

export default meta
type Story = StoryObj<typeof meta>

export const Four: Story = {}

/** Three figures share the row evenly. */
export const Three: Story = {
  args: {
    title: undefined,
    items: [
      { value: '5', unit: '届', label: '连续举办' },
      { value: '12', unit: '个', label: '合作城市' },
      { value: '1.2', unit: '万人次', label: '线上观看' },
    ],
  },
}
