import { formatBeijing, formatBeijingDate } from '../../schemas/beijing-time.ts'
import {
  extensionOf,
  fileTypeOf,
  isBrowserImage,
  WORK_FILE_TYPE_LABELS,
  WORK_FILE_TYPES,
  WORK_PLACEHOLDER_COVERS,
  type WorkFileType,
} from '../../schemas/works.ts'

/**
 * How a work's files are shown (SPEC §2 "Cards", "Work registration detail view"): the rules of
 * schemas/works.ts, which the server registers by, read for the screens.
 */
export { extensionOf, isBrowserImage }

type FileKind = 'image' | 'video' | 'text' | 'other'

const KINDS: Record<WorkFileType, FileKind> = { 1: 'image', 2: 'video', 3: 'text', 4: 'other' }

/** The detail view's rule, by the file's extension: mp4 video, the image list, txt text, anything else a download. */
export const fileKindOf = (name: string | undefined): FileKind => KINDS[fileTypeOf(name ?? '')]

const isFileType = (code: number | undefined): code is WorkFileType =>
  Object.values(WORK_FILE_TYPES).includes(code as WorkFileType)

/** §3 fileType codes 1–4 as labels (an unknown code reads as a file). */
export const fileTypeLabel = (code: number | undefined) => WORK_FILE_TYPE_LABELS[isFileType(code) ? code : 4]

/** The kind of a work's cover, by its fileType. */
export const coverKindOf = (fileType: number | undefined): FileKind =>
  KINDS[isFileType(fileType) ? fileType : 4]

/** The site's placeholder cover of a work that is no image (public/works/, the ones the server names). */
export const placeholderCoverOf = (fileType: number | undefined): string =>
  WORK_PLACEHOLDER_COVERS[fileType === 2 || fileType === 3 ? fileType : 4]

/** Whether a URL can be an <img>: a video or an eps is no picture a browser draws. */
export function isPictureUrl(url: string | undefined): boolean {
  if (!url) return false
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
