import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import Hero from './render.tsx'

const meta = {
  title: 'Landing/Hero',
  component: Hero,
  // Landing pages sit on white (route.tsx), not on the portal's grey.
  decorators: [
    (Story) => (
      <Box bg="bg">
        <Story />
      </Box>
    ),
  ],
  // The preview treats any arg named *background as a colour; this one is an image.
  argTypes: { background: { control: 'object' } },
  args: {
    kicker: '2026 · 第五届',
    title: '苏州设计周',
    subtitle:
      '三天主题论坛、二十场工作坊与百件获奖作品展，和设计师、企业、院校一起探讨智能制造时代的好设计。',
    background: { src: '/landing/demo/banner.webp', alt: '设计周主视觉', width: 1600, height: 700 },
    theme: 'dark',
    align: 'left',
    palette: 'brand',
    meta: [
      { label: '时间', value: '2026年12月18日—20日' },
      { label: '地点', value: '云湖会展中心（示例场馆）B 馆' },
      { label: '费用', value: '免费（需报名）' },
    ],
    actions: [
      { label: '立即报名', href: '#signup', variant: 'primary' },
      { label: '查看日程', href: '/application/design-week/agenda', variant: 'secondary' },
    ],
  },
} satisfies Meta<typeof Hero>

export default meta
type Story = StoryObj<typeof meta>

export const Dark: Story = {}

export const LightCentered: Story = {
  args: {
    theme: 'light',
    align: 'center',
    actions: [
      { label: '提交作品', href: '/index', variant: 'primary' },
      { label: '大赛官网', href: 'https://example.com/contest', variant: 'secondary' },
    ],
  },
}

/** Without a picture the banner falls back to a brand gradient. */
export const NoBackground: Story = {
  args: { background: undefined, kicker: undefined, meta: [], title: '青年设计师成长计划' },
}

/** A green page: the veil over the picture and the fallback gradient take the page's palette. */
export const GreenPage: Story = { args: { palette: 'green', background: undefined } }
