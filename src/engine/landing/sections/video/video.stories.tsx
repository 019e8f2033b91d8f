import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import Video from './render.tsx'

const meta = {
  title: 'Landing/Video',
  component: Video,
  decorators: [
    (Story) => (
      <Box bg="bg">
        <Story />
      </Box>
    ),
  ],
  args: {
    title: '三分钟看懂设计周',
    // Storybook has no video file: the player shows the poster until play is pressed, which is all a story needs.
    src: '/landing/demo/intro.mp4',
    poster: { src: '/landing/demo/banner.svg', alt: '设计周宣传片封面', width: 1600, height: 700 },
    caption: '2025 苏州设计周宣传片',
  },
} satisfies Meta<typeof Video>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const WithoutTitle: Story = { args: { title: undefined, caption: undefined } }
