import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { Image } from '../../../../../definitions/landing/define.ts'
import Speakers from './render.tsx'

const portrait = (alt: string): Image => ({
  src: '/landing/demo/portrait.webp',
  alt,
  width: 400,
  height: 400,
})

const meta = {
  title: 'Landing/Speakers',
  component: Speakers,
  decorators: [
    (Story) => (
      <Box bg="bg">
        <Story />
      </Box>
    ),
  ],
  args: {
    title: '演讲嘉宾',
    people: [
      {
        name: '林晓雨',
        role: '设计副总裁',
        org: '某智能家电集团',
        photo: portrait('林晓雨的照片'),
        bio: '从业十八年，主导多款年销量过百万的智能家电产品设计，作品获国际设计奖项二十余项。现任协会青年设计师委员会主任，长期关注设计驱动的制造业转型与设计人才培养。',
      },
      {
        name: '顾清远',
        role: '评审主席',
        org: '青湾工业设计协会（示例）',
        photo: portrait('顾清远的照片'),
        bio: '教授，博士生导师。',
      },
      {
        name: '王立群',
        role: '学术委员会主任',
        org: '西岭大学设计学院（示例）',
        photo: portrait('王立群的照片'),
        bio: '研究方向为可持续设计与材料创新，主持多项校企合作课题，长期讲授材料与工艺、可持续产品设计方法等课程，多次担任设计奖项评委。',
      },
      {
        name: 'Anna Müller',
        role: '首席设计师',
        org: 'Studio Nord（示例）',
        photo: portrait('Anna Müller 的照片'),
      },
    ],
  },
} satisfies Meta<typeof Speakers>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
