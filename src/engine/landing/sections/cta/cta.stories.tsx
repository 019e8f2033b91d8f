import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import Cta from './render.tsx'

const meta = {
  title: 'Landing/Cta',
  component: Cta,
  decorators: [
    (Story) => (
      <Box bg="bg">
        <Story />
      </Box>
    ),
  ],
  args: {
    title: '名额有限，立即锁定席位',
    text: '论坛与展览免费开放，报名截止后不再接受现场登记。',
    tone: 'brand',
    palette: 'brand',
    actions: [
      { label: '立即报名', href: '#signup', variant: 'primary' },
      { label: '咨询组委会', href: 'https://example.com/contact', variant: 'secondary' },
    ],
  },
} satisfies Meta<typeof Cta>

export default meta
type Story = StoryObj<typeof meta>

export const Brand: Story = {}

export const Accent: Story = { args: { tone: 'accent' } }

export const Light: Story = { args: { tone: 'light', actions: [{ label: '查看往届作品', href: '/index' }] } }

/** On a green page the band follows the page's palette instead of the site blue. */
export const GreenPage: Story = { args: { palette: 'green' } }

export const PurpleLight: Story = { args: { palette: 'purple', tone: 'light' } }
