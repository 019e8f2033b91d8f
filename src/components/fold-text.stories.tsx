import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { FOLD_CHARS } from '../lib/constants.ts'
import { FoldText } from './fold-text.tsx'
import { textWork } from './stories/works-mock.ts'

const LONG = textWork.filesList[0]?.txt ?? ''

const meta = {
  title: 'Components/FoldText',
  component: FoldText,
  args: { text: LONG },
} satisfies Meta<typeof FoldText>

export default meta
type Story = StoryObj<typeof meta>

/** The shown text's length without the ellipsis. */
const shownLength = (canvas: HTMLElement) =>
  Array.from(canvas.querySelector('p')?.textContent?.replace(/…$/, '') ?? '').length

/** 80 characters by default (SPEC §9), then 展开 shows everything and 收起 folds it again. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(shownLength(canvasElement)).toBe(FOLD_CHARS.default)
    await userEvent.click(canvas.getByRole('button', { name: '展开' }))
    await expect(canvasElement.querySelector('p')?.textContent).toBe(LONG)
    await userEvent.click(canvas.getByRole('button', { name: '收起' }))
    await expect(shownLength(canvasElement)).toBe(FOLD_CHARS.default)
  },
}

/** 280 in the work detail. */
export const WorkDetail: Story = {
  args: { limit: FOLD_CHARS.workDetail },
  play: async ({ canvasElement }) => {
    await expect(Array.from(LONG).length).toBeGreaterThan(FOLD_CHARS.workDetail)
    await expect(shownLength(canvasElement)).toBeLessThanOrEqual(FOLD_CHARS.workDetail)
    await expect(shownLength(canvasElement)).toBeGreaterThan(FOLD_CHARS.workDetail - 2)
    await expect(within(canvasElement).getByRole('button', { name: '展开' })).toBeVisible()
  },
}

/** Text within the limit shows whole, with no button. */
export const Short: Story = {
  args: { text: '一句话的简介，不必折叠。' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull()
  },
}
