import { Stack } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import type { ExportFile } from '../../api/manage.ts'
import { ExportRow } from './exports-panel.tsx'

/** Mock exports in each state the server lists (README "Exports"). */
const base: ExportFile = {
  id: 1,
  competitionId: 101,
  kind: 'entries.xlsx',
  label: '报名表（XLSX）',
  status: 'queued',
  statusLabel: '排队中',
  progress: 0,
  total: null,
  size: null,
  error: null,
  requestedBy: '示例管理员',
  createdAt: '2026-11-27T07:22:00.000Z',
  finishedAt: null,
}

const meta = {
  title: 'Manage/ExportRow',
  component: ExportRow,
  decorators: [
    (Story) => (
      <Stack as="ul" listStyleType="none" maxW="md">
        <Story />
      </Stack>
    ),
  ],
  args: { file: base },
} satisfies Meta<typeof ExportRow>

export default meta
type Story = StoryObj<typeof meta>

export const Queued: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('export-status').textContent).toBe('排队中')
    // Beijing time: 07:22 UTC is 15:22.
    await expect(canvasElement.textContent).toContain('2026年11月27日 15:22')
  },
}

export const Running: Story = {
  args: { file: { ...base, status: 'running', statusLabel: '生成中', progress: 4200, total: 10000 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('export-progress').textContent).toBe(
      '已写入 4200 / 10000 行',
    )
    await expect(within(canvasElement).getByRole('progressbar')).toBeTruthy()
  },
}

export const PackingFiles: Story = {
  args: {
    file: {
      ...base,
      kind: 'works.zip',
      label: '作品文件（ZIP）',
      status: 'running',
      statusLabel: '生成中',
      progress: 37,
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('export-progress').textContent).toBe('已打包 37 个文件')
  },
}

export const Ready: Story = {
  args: { file: { ...base, status: 'ready', statusLabel: '可下载', progress: 3, total: 3, size: 15_360 } },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByTestId('export-download')
    await expect(link.getAttribute('href')).toBe('/api/manage/competitions/101/exports/1/file')
    await expect(canvasElement.textContent).toContain('15 KB')
  },
}

export const Failed: Story = {
  args: { file: { ...base, status: 'failed', statusLabel: '导出失败', error: '导出失败，请重新导出' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toContain('导出失败，请重新导出')
    await expect(within(canvasElement).queryByTestId('export-download')).toBeNull()
  },
}
