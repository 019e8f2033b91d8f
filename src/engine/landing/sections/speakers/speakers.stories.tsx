import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { Image } from '../../define.ts'
import Speakers from './render.tsx'

const portrait = (alt: string): Image => ({ src: '/landing/demo/portrait.svg', alt, width: 400, height: 400 })

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
        bio: '从业十八年，主导多款年销量过百万的智能家电产品设计，获德国红点奖、iF 设计奖等国际奖项二十余项。现任协会青年设计师委员会主任，长期关注设计驱动的制造业转型与设计人才培养。',
      },
      {
        name: '陈建国',
        role: '会长',
        org: '苏州市工业设计协会',
        photo: portrait('陈建国的照片'),
        bio: '教授，博士生导师。',
      },
      {
        name: '王立群',
        role: '学术委员会主任',
        org: '江南大学设计学院',
        photo: portrait('王立群的照片'),
        bio: '研究方向为可持续设计与材料创新，主持国家社科基金项目三项，出版《材料与工艺》《可持续产品设计方法》等专著，多次担任中国优秀工业设计奖评委。',
      },
      { name: 'Anna Müller', role: '首席设计师', org: 'Studio Nord', photo: portrait('Anna Müller 的照片') },
    ],
  },
} satisfies Meta<typeof Speakers>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
