import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { withMockApi } from '../../forms/stories/mock-api.tsx'
import {
  detailBase,
  epsWithoutPreviewWork,
  fileWork,
  ownerFields,
  textWork,
  tifWork,
  uncertifiedCreatorWork,
  videoWork,
} from '../stories/works-mock.ts'
import { WorkDetailView } from './view.tsx'

const meta = {
  title: 'Components/WorkDetail',
  component: WorkDetailView,
  decorators: [
    withMockApi,
    (Story) => (
      <Box p="6" maxW="4xl" bg="bg">
        <Story />
      </Box>
    ),
  ],
  args: { detail: detailBase },
} satisfies Meta<typeof WorkDetailView>

export default meta
type Story = StoryObj<typeof meta>

/** A visitor: the hash in the header, no registration panel, no downloads. */
export const ImageAsVisitor: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTestId('work-hash')).toHaveTextContent(detailBase.worksHash ?? '')
    await expect(canvas.queryByTestId('work-registration-panel')).toBeNull()
    await expect(canvas.getByTestId('work-primary').dataset.kind).toBe('image')
    await expect(canvas.getAllByRole('button', { name: /查看大图/ })).toHaveLength(4)
    // Codes become labels once the lookups answer (SPEC §4).
    await expect(await canvas.findByTestId('creator-professional')).toHaveTextContent('工业设计')
    await expect(await canvas.findByTestId('creator-standard')).toHaveTextContent('高级设计师')
  },
}

/** The owner: the panel's eight entries, no hash in the header. */
export const ImageAsOwner: Story = {
  args: { detail: { ...detailBase, ...ownerFields } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByTestId('work-hash')).toBeNull()
    const panel = within(canvas.getByTestId('work-registration-panel'))
    for (const label of ['著作权人', '存证大小', '存证类型', '公证平台', '权利声明文件哈希', '证书编号'])
      await expect(panel.getByText(label)).toBeVisible()
    await expect(panel.getByTestId('panel-size')).toHaveTextContent('1536 KB')
    await expect(panel.getByTestId('panel-type')).toHaveTextContent('图片')
    await expect(panel.getByRole('link', { name: '下载存证证书' })).toHaveAttribute('target', '_blank')
    await expect(panel.getByRole('link', { name: '下载证据包' })).toBeVisible()
  },
}

/** A text work: the registered content under 登记内容, folded at 280 characters. */
export const TextAsOwner: Story = {
  args: { detail: { ...textWork, ...ownerFields } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('登记内容')).toBeVisible()
    await expect(canvas.getByTestId('work-primary').dataset.kind).toBe('text')
    await expect(
      within(canvas.getByTestId('work-primary')).getByRole('button', { name: '展开' }),
    ).toBeVisible()
  },
}

export const VideoAsVisitor: Story = {
  args: { detail: videoWork },
  play: async ({ canvasElement }) => {
    const video = canvasElement.querySelector('video')
    await expect(video?.controls).toBe(true)
    await expect(video?.autoplay).toBe(true)
  },
}

/** Any other file: an icon, the original name and a download link. */
export const OtherFileAsVisitor: Story = {
  args: { detail: fileWork },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('茶盘结构-v3.step')).toBeVisible()
    await expect(canvas.getByRole('link', { name: '下载文件' })).toHaveAttribute(
      'download',
      '茶盘结构-v3.step',
    )
  },
}

/** A tif: the server's WebP rendition, previewable, with the original named and offered for download. */
export const TifThroughItsRendition: Story = {
  args: { detail: tifWork },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const primary = canvas.getByTestId('work-primary')
    await expect(primary.dataset.kind).toBe('image')
    await expect(within(primary).getByRole('img', { name: tifWork.worksName }).getAttribute('src')).toContain(
      'landing/demo/photo.webp',
    )
    await expect(canvas.getByTestId('work-primary-original')).toHaveTextContent('山居茶器-印刷稿.tif')
    await expect(canvas.getByRole('link', { name: '下载文件' })).toHaveAttribute(
      'download',
      '山居茶器-印刷稿.tif',
    )
  },
}

/** An eps without an embedded preview: no picture to show, so it is offered like any file, and says why. */
export const EpsWithoutPreview: Story = {
  args: { detail: epsWithoutPreviewWork },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTestId('work-primary').dataset.kind).toBe('image-without-preview')
    await expect(canvas.getByText('该文件未附带预览图，请下载后查看')).toBeVisible()
    await expect(canvas.queryByRole('button', { name: /查看大图/ })).toBeNull()
    await expect(canvas.getByRole('link', { name: '下载文件' })).toHaveAttribute('download', '茶器标志.eps')
  },
}

/** The creator card leads to the directory page, or for a creator not in the directory to their works. */
export const CreatorOutsideTheDirectory: Story = {
  args: { detail: uncertifiedCreatorWork },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTestId('work-creator').getAttribute('href')).toBe('/works/index?userId=3')
    await expect(canvas.getByTestId('creator-city')).toHaveTextContent('北京市 朝阳区')
  },
}

export const CreatorInTheDirectory: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTestId('work-creator').getAttribute('href')).toBe('/designer/detail?id=7')
  },
}
