import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { withMockApi } from '../forms/stories/mock-api.tsx'
import { cards } from './stories/works-mock.ts'
import { WorkGrid } from './work-card.tsx'

const meta = {
  title: 'Components/WorkCard',
  component: WorkGrid,
  decorators: [
    withMockApi,
    (Story) => (
      <Box p="6" maxW="6xl">
        <Story />
      </Box>
    ),
  ],
  args: { works: cards },
} satisfies Meta<typeof WorkGrid>

export default meta
type Story = StoryObj<typeof meta>

/**
 * One card per file type: image works show their picture, video, text and other files a drawn cover;
 * the type label comes from sys_works_type once the dictionary answers; no photo shows the initial.
 */
export const EveryFileType: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByTestId('work-card')).toHaveLength(cards.length)
    await expect(canvas.getAllByTestId('work-cover-image')).toHaveLength(2)
    const kinds = canvas.getAllByTestId('work-cover-placeholder').map((el) => el.dataset.kind)
    await expect(kinds).toEqual(['video', 'text', 'other'])
    await expect((await canvas.findAllByTestId('work-card-type'))[0]).toHaveTextContent('产品设计')
  },
}

/** A picture that fails to load falls back to the drawn cover of its kind. */
export const BrokenPicture: Story = {
  args: { works: [{ ...cards[0]!, fileUrl: '/api/files/missing.jpg' }] },
}
