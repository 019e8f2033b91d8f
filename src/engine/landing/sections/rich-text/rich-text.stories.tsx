import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import RichText from './render.tsx'

const meta = {
  title: 'Landing/RichText',
  component: RichText,
  decorators: [
    (Story) => (
      <Box bg="bg">
        <Story />
      </Box>
    ),
  ],
  args: {
    title: '活动介绍',
    width: 'narrow',
    blocks: [
      {
        kind: 'paragraph',
        text: '苏州设计周由青湾工业设计协会（示例）主办，今年以“智造·共生”为主题，聚焦人工智能与制造业的深度融合。',
      },
      { kind: 'heading', text: '你将收获' },
      {
        kind: 'list',
        items: [
          '与三十余位一线设计负责人面对面交流',
          '参与智能硬件、可持续材料等主题工作坊',
          '获得协会颁发的继续教育学时证明',
        ],
      },
      {
        kind: 'quote',
        text: '好的设计不是装饰，而是让制造业更有温度的方式。',
        cite: '王立群，设计周学术委员会主任',
      },
      {
        kind: 'image',
        image: { src: '/landing/demo/photo.webp', alt: '去年工作坊现场', width: 1200, height: 800 },
        caption: '2025 年设计周工作坊现场',
      },
      { kind: 'heading', text: '参加流程' },
      {
        kind: 'list',
        ordered: true,
        items: ['在本页填写报名表', '收到短信确认后保存入场二维码', '活动当天凭二维码签到入场'],
      },
      { kind: 'paragraph', text: '如有疑问，请拨打 000-0000-0000（演示号码）\n工作日 9:00—17:30。' },
    ],
  },
} satisfies Meta<typeof RichText>

export default meta
type Story = StoryObj<typeof meta>

export const Narrow: Story = {}

export const Wide: Story = { args: { width: 'wide' } }
