import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, userEvent, within } from 'storybook/test'
import type { Image } from '../../../../../definitions/landing/define.ts'
import Gallery from './render.tsx'

const photo: Image = { src: '/landing/demo/photo.webp', alt: '工作坊现场', width: 1200, height: 800 }
const poster: Image = { src: '/landing/demo/poster.webp', alt: '设计周海报', width: 800, height: 1000 }
const banner: Image = { src: '/landing/demo/banner.webp', alt: '主会场', width: 1600, height: 700 }

const meta = {
  title: 'Landing/Gallery',
  component: Gallery,
  decorators: [
    (Story) => (
      <Box bg="bg">
        <Story />
      </Box>
    ),
  ],
  args: {
    title: '往届回顾',
    columns: 3,
    images: [
      { image: photo, caption: '智能硬件工作坊：从草图到样机' },
      { image: poster, caption: '2025 设计周主海报' },
      { image: banner, caption: '开幕式主会场' },
      { image: { ...photo, alt: '评审现场' }, caption: '金奖作品终审' },
      { image: { ...poster, alt: '获奖作品展' } },
      { image: { ...banner, alt: '闭幕式' }, caption: '闭幕式暨颁奖典礼' },
    ],
  },
} satisfies Meta<typeof Gallery>

export default meta
type Story = StoryObj<typeof meta>

export const ThreeColumns: Story = {}

export const FourColumns: Story = { args: { columns: 4, title: undefined } }

/** Clicking a thumbnail opens the dialog with the large picture and its caption. */
export const Opened: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: '查看大图：智能硬件工作坊：从草图到样机' }))
    // The lightbox is portalled to the body, outside the canvas.
    const dialog = await screen.findByRole('dialog')
    await expect(within(dialog).getByRole('img', { name: '工作坊现场' })).toBeVisible()
  },
}
