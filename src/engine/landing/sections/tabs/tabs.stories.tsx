import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { section } from '../../registry.ts'
import Tabs from './render.tsx'

const meta = {
  title: 'Landing/Tabs',
  component: Tabs,
  decorators: [
    (Story) => (
      <Box bg="bg">
        <Story />
      </Box>
    ),
  ],
  args: {
    title: '大会日程',
    tabs: [
      {
        label: '12月18日 · 主论坛',
        sections: [
          section('timeline', {
            variant: 'agenda',
            items: [
              { time: '09:30 – 10:00', title: '开幕致辞', speaker: '顾清远 · 青湾工业设计协会（示例）' },
              { time: '10:00 – 11:30', title: '主题演讲：AI 时代的产品定义', speaker: '林晓雨 · 设计副总裁' },
              { time: '13:30 – 17:00', title: '圆桌对话：设计如何驱动制造业升级' },
            ],
          }),
        ],
      },
      {
        label: '12月19日 · 工作坊',
        sections: [
          section('richText', {
            width: 'wide',
            blocks: [
              { kind: 'paragraph', text: '三个平行工作坊同时进行，报名时请在备注中写明意向。' },
              {
                kind: 'list',
                items: [
                  '智能硬件：从草图到可交互样机',
                  '可持续材料：再生塑料的设计可能',
                  '服务设计：社区养老场景共创',
                ],
              },
            ],
          }),
        ],
      },
      {
        label: '12月20日 · 颁奖',
        sections: [
          section('stats', {
            items: [
              { value: '10', unit: '项', label: '金奖' },
              { value: '30', unit: '项', label: '银奖' },
              { value: '60', unit: '项', label: '铜奖' },
            ],
          }),
        ],
      },
    ],
  },
} satisfies Meta<typeof Tabs>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

/** The second tab's sections load the first time it is opened. */
export const SecondTab: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const tab = canvas.getByRole('tab', { name: '12月19日 · 工作坊' })
    await userEvent.click(tab)
    await expect(tab).toHaveAttribute('aria-selected', 'true')
    await expect(await canvas.findByText('三个平行工作坊同时进行，报名时请在备注中写明意向。')).toBeVisible()
  },
}
