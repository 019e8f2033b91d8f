import type { Meta, StoryObj } from '@storybook/react-vite'
import { partnerNames } from '../../../server/db/seed/partners.ts'
import type { Partner } from '../../api/site.ts'
import { FooterView } from './footer-view.tsx'
import { PartnerSlides } from './partner-carousel.tsx'

// The 42 seeded partners, logos from public/partners/ (3 slides of 14).
const partners: Partner[] = partnerNames.map((name, i) => ({
  id: i + 1,
  name,
  logo: `partners/partner-${String(i + 1).padStart(2, '0')}.svg`,
  url: null,
}))

const meta = {
  title: 'Shell/FooterView',
  component: FooterView,
  args: { partners: <PartnerSlides partners={partners} /> },
  // The slot holds a React element, which the controls panel cannot edit.
  argTypes: { partners: { control: false } },
} satisfies Meta<typeof FooterView>

export default meta
type Story = StoryObj<typeof meta>

export const WithPartners: Story = {}

export const NoPartners: Story = {
  args: { partners: <PartnerSlides partners={[]} /> },
}
