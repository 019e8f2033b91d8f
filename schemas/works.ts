/**
 * Rights-confirmed works: the rules both sides read (SPEC §3 "Work detail", §9 "Work cover image
 * types", "File type codes"). React-free and Fastify-free.
 */

/** fileType codes (SPEC §3): what the primary file is. */
export const WORK_FILE_TYPES = { image: 1, video: 2, text: 3, file: 4 } as const
export type WorkFileType = (typeof WORK_FILE_TYPES)[keyof typeof WORK_FILE_TYPES]

export const WORK_FILE_TYPE_LABELS: Record<WorkFileType, string> = {
  1: '图片',
  2: '视频',
  3: '文本',
  4: '文件',
}

/** Extensions shown as an image (SPEC §9 "Work cover image types"). */
export const WORK_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'bmp', 'gif', 'webp', 'eps', 'tif'] as const

/** Image types a browser draws itself; tif and eps reach it only as the server's renditions. */
export const BROWSER_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'bmp', 'gif', 'webp'] as const

/** The extension of a file name or URL, lower-cased ('' when it has none). */
export function extensionOf(name: string): string {
  const base = name.split(/[?#]/)[0]!.split('/').pop() ?? ''
  const dot = base.lastIndexOf('.')
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : ''
}

/** Whether a file (name or URL) is one of the §9 image types, which the server renders as WebP. */
export const isWorkImage = (name: string) =>
  (WORK_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name))

/** Whether a browser draws this file as it is (not a tif or eps, which need the server's rendition). */
export const isBrowserImage = (name: string) =>
  (BROWSER_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name))

/** The fileType of a primary file, from its extension: image, mp4 video, txt text, anything else a file. */
export function fileTypeOf(name: string): WorkFileType {
  const ext = extensionOf(name)
  if (isWorkImage(name)) return WORK_FILE_TYPES.image
  if (ext === 'mp4') return WORK_FILE_TYPES.video
  if (ext === 'txt') return WORK_FILE_TYPES.text
  return WORK_FILE_TYPES.file
}

/** Card covers of works that are not images (SPEC §2 Cards): site paths under public/. */
export const WORK_PLACEHOLDER_COVERS: Record<Exclude<WorkFileType, 1>, string> = {
  2: '/works/cover-video.svg',
  3: '/works/cover-text.svg',
  4: '/works/cover-file.svg',
}

/** Thumbnail width of work cards (SPEC §9). */
export const WORK_THUMB_WIDTH = 280
/** Width of the picture the detail view shows in its 520 px frame and enlarges on click. */
export const WORK_PREVIEW_WIDTH = 1600
/** The widths the server resizes images to (`/api/files/<name>/thumb?w=`). */
export const WORK_RENDITION_WIDTHS = [WORK_THUMB_WIDTH, WORK_PREVIEW_WIDTH] as const
export type WorkRenditionWidth = (typeof WORK_RENDITION_WIDTHS)[number]
