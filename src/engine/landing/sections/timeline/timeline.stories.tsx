import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import Timeline from './render.tsx'

const meta = {
  title: 'Landing/Timeline',
  component: Timeline,
  decorators: [
    (Story) => (
      <Box bg="bg">
        <Story />
      </Box>
    ),
  ],
  args: {
    title: '大会日程 · 12月18日',
    variant: 'agenda',
    items: [
      { time: '09:00 – 09:30', title: '签到入场', text: '凭报名二维码在 B 馆东门签到，领取资料袋。' },
      { time: '09:30 – 10:00', title: '开幕致辞', speaker: '顾清远 · 青湾工业设计协会（示例）' },
      {
        time: '10:00 – 11:30',
        title: '主题演讲：AI 时代的产品定义',
        text: '从需求洞察到快速原型，生成式工具如何改变工业设计流程。',
        speaker: '林晓雨 · 某智能家电集团设计副总裁',
      },
      { time: '11:30 – 13:30', title: '午餐及作品展参观' },
      { time: '13:30 – 17:00', title: '平行工作坊', text: '智能硬件 / 可持续材料 / 服务设计，三选一。' },
    ],
  },
} satisfies Meta<typeof Timeline>

export default meta
type Story = StoryObj<typeof meta>

export const Agenda: Story = {}

export const Milestones: Story = {
  args: {
    title: '设计周历程',
    variant: 'milestones',
    items: [
      { time: '2022', title: '首届设计周举办', text: '3 天、12 场活动，吸引 4,000 人次参与。' },
      { time: '2023', title: '设立“苏州设计奖”', text: '征集作品 1,200 件，评出金奖 10 项。' },
      { time: '2024', title: '走向长三角', text: '联合上海、杭州、合肥三地协会共同主办。' },
      { time: '2026', title: '第五届 · 智造共生', text: '首次开设国际展区与青年设计师专场。' },
    ],
  },
}
