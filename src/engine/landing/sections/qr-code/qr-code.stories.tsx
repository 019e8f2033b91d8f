import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import QrCode from './render.tsx'

const meta = {
  title: 'Landing/QrCode',
  component: QrCode,
  decorators: [
    (Story) => (
      <Box bg="bg">
        <Story />
      </Box>
    ),
  ],
  args: {
    title: '扫码关注',
    items: [
      {
        value: 'https://example.com/application/design-week-2026',
        label: '手机报名',
        caption: '微信扫一扫，在手机上完成报名',
      },
      {
        value: 'https://example.com/group/design-week',
        label: '活动交流群',
        caption: '群满后请联系工作人员邀请入群',
      },
      { value: 'https://example.com/mp/kabu', label: '协会公众号' },
    ],
  },
} satisfies Meta<typeof QrCode>

export default meta
type Story = StoryObj<typeof meta>

export const Three: Story = {}

export const Single: Story = {
  args: { title: undefined, items: [{ value: 'https://example.com/app', label: '下载咖簿 App' }] },
}
