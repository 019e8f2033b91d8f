import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import Faq from './render.tsx'

const meta = {
  title: 'Landing/Faq',
  component: Faq,
  decorators: [
    (Story) => (
      <Box bg="bg">
        <Story />
      </Box>
    ),
  ],
  args: {
    title: '常见问题',
    items: [
      {
        q: '参加设计周需要付费吗？',
        a: '论坛与展览免费开放，需提前在本页报名；部分工作坊收取材料费，报名成功后另行通知。',
      },
      {
        q: '可以带同事一起参加吗？',
        a: '可以。报名时在“参加人数”中填写同行人数（最多 5 人），并在备注中写明同行人员姓名。',
      },
      {
        q: '报名后如何入场？',
        a: '报名成功后我们会通过短信发送入场二维码。\n活动当天凭二维码在 B 馆东门签到即可。',
      },
      {
        q: '是否提供继续教育学时证明？',
        a: '全程参加论坛的会员可在活动结束后 15 个工作日内，于“我的”页面下载学时证明。',
      },
    ],
  },
} satisfies Meta<typeof Faq>

export default meta
type Story = StoryObj<typeof meta>

export const Closed: Story = {}

/** A click on a question opens its answer. */
export const OneOpen: Story = {
  play: async ({ canvasElement }) => {
    const question = within(canvasElement).getByText('报名后如何入场？')
    await userEvent.click(question)
    await expect(question.closest('details')).toHaveAttribute('open')
  },
}
