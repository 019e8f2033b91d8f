import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { identity, partners as sitePartners } from '../../../content/site.json'
import type { Partner } from '../../api/site.ts'
import { FooterView } from './footer-view.tsx'
import { PartnerSlides } from './partner-carousel.tsx'

// The 42 partners of content/site.json as the API serves them, logos from public/partners/ (3 slides of 14).
const partners: Partner[] = sitePartners.map(({ name, logo, url }, i) => ({ id: i + 1, name, logo, url }))

const meta = {
  title: 'Shell/FooterView',
  component: FooterView,
  args: { partners: <PartnerSlides partners={partners} /> },
  // The slot holds a React element, which the controls panel cannot edit.
  argTypes: { partners: { control: false } },
} satisfies Meta<typeof FooterView>

export default meta
type Story = StoryObj<typeof meta>

/** Everything the footer says about the operator and its partners comes from content/site.json. */
export const WithPartners: Story = {
  play: async ({ canvasElement }) => {
    const footer = within(canvasElement.querySelector('footer') as HTMLElement)
    for (const value of [identity.icp, identity.police, `地址：${identity.address}`])
      await expect(footer.getByText(value)).toBeInTheDocument()
    for (const { label, value } of identity.contacts)
      await expect(footer.getByText(`${label}：${value}`)).toBeInTheDocument()
    await expect(footer.getByText(identity.company, { exact: false })).toBeInTheDocument()
    // Each partner's whole name is written out as text (not only inside a picture), so none is cut.
    const carousel = canvasElement.querySelector('[data-testid=partner-carousel]')
    for (const { name } of sitePartners) await expect(carousel?.textContent).toContain(name)
  },
}

export const NoPartners: Story = {
  args: { partners: <PartnerSlides partners={[]} /> },
}
