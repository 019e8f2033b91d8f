import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { Image } from '../../define.ts'
import LogoWall from './render.tsx'

const logo = (alt: string): Image => ({ src: '/landing/demo/logo.svg', alt, width: 320, height: 120 })

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
        logos: [{ name: '苏州市工业设计协会', image: logo('苏州市工业设计协会'), href: '/index' }],
      },
      {
        label: '支持单位',
        logos: [
          { name: '苏州市工业和信息化局', image: logo('苏州市工业和信息化局') },
          { name: '江南大学设计学院', image: logo('江南大学设计学院'), href: 'https://example.com/jiangnan' },
          { name: '苏州国际博览中心', image: logo('苏州国际博览中心') },
          { name: '长三角设计联盟', image: logo('长三角设计联盟') },
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
