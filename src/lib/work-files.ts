import { formatBeijing, formatBeijingDate } from '../../schemas/beijing-time.ts'

/**
 * How a work's files are shown (SPEC §2 "Cards", "Work registration detail view"; §9 "Work cover
 * image types"): by the extension of the file's name, and the §3 fileType codes as labels.
 */

/** The extensions shown as a previewable image. */
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'jpeg', 'bmp', 'gif', 'webp', 'eps', 'tif'] as const
/** The extension played as video, and the one shown as registered text. */
export const VIDEO_EXTENSION = 'mp4'
export const TEXT_EXTENSION = 'txt'

export type FileKind = 'image' | 'video' | 'text' | 'other'

/** The lower-case extension of a file name or URL ('' without one); a query or fragment is ignored. */
export function extensionOf(name: string | undefined): string {
  const path = (name ?? '').split(/[?#]/)[0] ?? ''
  const dot = path.lastIndexOf('.')
  if (dot < 0 || dot < path.lastIndexOf('/')) return ''
  return path.slice(dot + 1).toLowerCase()
}

/** The detail view's rule: mp4 video, the image list, txt text, anything else a download. */
export function fileKindOf(name: string | undefined): FileKind {
  const ext = extensionOf(name)
  if (ext === VIDEO_EXTENSION) return 'video'
  if (ext === TEXT_EXTENSION) return 'text'
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext) ? 'image' : 'other'
}

/** §3 fileType codes. */
export const FILE_TYPE_LABELS: Record<number, string> = { 1: '图片', 2: '视频', 3: '文本', 4: '文件' }
export const fileTypeLabel = (code: number | undefined) => (code && FILE_TYPE_LABELS[code]) || '文件'

/** The kind of cover a card draws for a work of a fileType when its fileUrl is no picture. */
export const coverKindOf = (fileType: number | undefined): FileKind =>
  fileType === 1 ? 'image' : fileType === 2 ? 'video' : fileType === 3 ? 'text' : 'other'

/**
 * Whether a card can show fileUrl as a picture: the server sends a 280-wide thumbnail for image
 * works (its own placeholders for others may be SVG), but a video or an eps is no <img>.
 */
export function isPictureUrl(url: string | undefined): boolean {
  if (!url) return false
  if (url.startsWith('data:image/')) return true
  return ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'svg', 'avif'].includes(extensionOf(url))
}

/** Tags are one comma-separated string (§3); Chinese commas and blanks are tolerated. */
export const splitTags = (tag: string | undefined): string[] =>
  (tag ?? '')
    .split(/[,，、]/)
    .map((t) => t.trim())
    .filter(Boolean)

/** A time the API sends as text, shown in Beijing time; text that is no date is shown as it came. */
export function showTime(value: string | undefined, { dateOnly = false } = {}): string {
  if (!value) return ''
  // "2026-11-23 14:05:00" (the original backend's style) is read as Beijing time.
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value)
    ? `${value.replace(' ', 'T')}+08:00`
    : value
  const at = new Date(iso)
  if (Number.isNaN(+at)) return value
  return dateOnly ? formatBeijingDate(at) : formatBeijing(at)
}
