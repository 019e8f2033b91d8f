import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { Image } from '../../../../../definitions/landing/define.ts'
import LogoWall from './render.tsx'

const logo = (alt: string): Image => ({ src: '/landing/demo/logo.webp', alt, width: 320, height: 120 })

const meta = {
  title: 'Landing/LogoWall',
  component: LogoWall,
  decorators: [
    (Story) => (
      <Box bg="bg">
        <Story />
      </Box>
    ),
  ],
  args: {
    title: '主办与支持单位',
    groups: [
      {
        label: '主办单位',
        logos: [
          { name: '青湾工业设计协会（示例）', image: logo('青湾工业设计协会（示例）'), href: '/index' },
        ],
      },
      {
        label: '支持单位',
        logos: [
          { name: '青湾设计产业联盟（示例）', image: logo('青湾设计产业联盟（示例）') },
          {
            name: '西岭大学设计学院（示例）',
            image: logo('西岭大学设计学院（示例）'),
            href: 'https://example.com/xiling-design',
          },
          { name: '云湖会展中心（示例场馆）', image: logo('云湖会展中心（示例场馆）') },
          { name: '新材料创新联盟（示例）', image: logo('新材料创新联盟（示例）') },
          { name: '某智能家电集团', image: logo('某智能家电集团') },
        ],
      },
    ],
  },
} satisfies Meta<typeof LogoWall>

export default meta
type Story = StoryObj<typeof meta>

export const Grouped: Story = {}

export const SingleGroup: Story = {
  args: {
    title: undefined,
    groups: [
      {
        logos: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ name: `合作伙伴 ${n}`, image: logo(`合作伙伴 ${n}`) })),
      },
    ],
  },
}
