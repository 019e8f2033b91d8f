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
 * One card per file type: image works show their picture, video, text and other files the site's
 * placeholder covers;
 * the type label comes from sys_works_type once the dictionary answers; no photo shows the initial.
 */
export const EveryFileType: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByTestId('work-card')).toHaveLength(cards.length)
    const covers = canvas.getAllByTestId('work-cover').map((el) => el.dataset.cover)
    await expect(covers).toEqual(['own', 'video', 'text', 'other', 'own'])
    await expect((await canvas.findAllByTestId('work-card-type'))[0]).toHaveTextContent('产品设计')
  },
}

/** A picture that fails to load falls back to the placeholder of its kind. */
export const BrokenPicture: Story = {
  args: { works: [{ ...cards[0]!, fileUrl: '/api/files/missing.jpg' }] },
}
