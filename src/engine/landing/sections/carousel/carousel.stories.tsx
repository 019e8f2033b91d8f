import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import Carousel from './render.tsx'

const meta = {
  title: 'Landing/Carousel',
  component: Carousel,
  decorators: [
    (Story) => (
      <Box bg="bg">
        <Story />
      </Box>
    ),
  ],
  args: {
    title: '精彩瞬间',
    autoplaySeconds: 5,
    slides: [
      {
        image: { src: '/landing/demo/banner.webp', alt: '开幕式主会场', width: 1600, height: 700 },
        title: '开幕式',
        text: '来自长三角的 600 余位设计师、企业代表与院校师生齐聚苏州。',
      },
      {
        image: { src: '/landing/demo/photo.webp', alt: '工作坊现场', width: 1200, height: 800 },
        title: '智能硬件工作坊',
        text: '48 小时从草图到可交互样机。',
      },
      { image: { src: '/landing/demo/poster.webp', alt: '获奖作品展海报', width: 800, height: 1000 } },
    ],
  },
} satisfies Meta<typeof Carousel>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

/** One slide: no loop, nothing moves. */
export const SingleSlide: Story = {
  args: {
    title: undefined,
    slides: [
      {
        image: { src: '/landing/demo/photo.webp', alt: '工作坊现场', width: 1200, height: 800 },
        title: '工作坊',
      },
    ],
  },
}
