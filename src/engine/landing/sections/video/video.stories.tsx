import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
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
    // Storybook has no video file: the section shows the poster until play is pressed, which is all a story needs.
    src: '/landing/demo/intro.mp4',
    poster: { src: '/landing/demo/banner.webp', alt: '设计周宣传片封面', width: 1600, height: 700 },
    caption: '2025 苏州设计周宣传片',
  },
} satisfies Meta<typeof Video>

export default meta
type Story = StoryObj<typeof meta>

/** The poster behind one play button until asked; then the browser's player with its controls. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelector('video[controls]')).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: '播放视频：三分钟看懂设计周' }))
    await expect(canvasElement.querySelector('video[controls]')).not.toBeNull()
    await expect(canvas.queryByRole('button', { name: /播放视频/ })).toBeNull()
  },
}

export const WithoutTitle: Story = { args: { title: undefined, caption: undefined } }
