import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { section } from '../../registry.ts'
import { SlugContext } from '../../slug-context.ts'
import TwoColumn from './render.tsx'

const meta = {
  title: 'Landing/TwoColumn',
  component: TwoColumn,
  decorators: [
    (Story) => (
      <SlugContext.Provider value="design-week-2026">
        <Box bg="bg">
          <Story />
        </Box>
      </SlugContext.Provider>
    ),
  ],
  args: {
    title: '关于设计周',
    ratio: '1:1',
    left: [
      section('richText', {
        width: 'wide',
        blocks: [
          {
            kind: 'paragraph',
            text: '苏州设计周创办于 2022 年，已成为长三角最具影响力的工业设计盛会之一。',
          },
          { kind: 'list', items: ['主题论坛 12 场', '工作坊 20 场', '获奖作品展 100 件'] },
        ],
      }),
    ],
    right: [
      section('video', {
        src: '/landing/demo/intro.mp4',
        poster: { src: '/landing/demo/photo.webp', alt: '宣传片封面', width: 1200, height: 800 },
        caption: '2025 设计周回顾',
      }),
    ],
  },
} satisfies Meta<typeof TwoColumn>

export default meta
type Story = StoryObj<typeof meta>

export const Even: Story = {}

/** A narrow column of QR codes beside a wide form. */
export const OneToTwo: Story = {
  args: {
    title: undefined,
    ratio: '1:2',
    left: [
      section('qrCode', {
        items: [{ value: 'https://example.com/group/design-week', label: '活动交流群', caption: '扫码进群' }],
      }),
    ],
    right: [
      section('faq', {
        title: '报名须知',
        items: [
          { q: '报名截止时间？', a: '12月15日 18:00。' },
          { q: '可以现场报名吗？', a: '现场不设报名通道，请提前在线报名。' },
        ],
      }),
    ],
  },
}
