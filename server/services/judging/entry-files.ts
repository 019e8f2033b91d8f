import { entryNumber } from '../../../schemas/api/judging.ts'

/** Which of a work's files a judge is shown: its cover, one of its pictures, one of its display boards. */
export type EntryFileKind = 'cover' | 'image' | 'board'

/** One file of an entry as judging lists it, in the order the judge's entry page shows them. */
export interface EntryFile {
  kind: EntryFileKind
  /** 1-based among the files of its kind (the cover is 1). */
  ordinal: number
  /** What the judge's page calls it: 作品封面, 作品图片 2, 展板 1. */
  label: string
  /** The stored upload's name, `<sha256>.<ext>`. */
  stored: string
  /** The name the entrant's file had on their disk (display data only, never in a blind round). */
  originalName: string
}

/**
 * The types a judge of a blind round may be given a clean copy of (blind-copy.ts): what the work forms
 * take (jpg, png) and PDF.
 */
export const BLIND_COPY_TYPES = ['jpg', 'jpeg', 'png', 'pdf'] as const

/** A stored form's JSON text as an object; anything else as an empty one. */
export function parseObject(text: string | null): Record<string, unknown> {
  if (!text) return {}
  try {
    const v = JSON.parse(text)
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

const STORED = /^\/api\/files\/([0-9a-f]{64}\.[a-z0-9]{2,4})$/

const LABEL: Record<EntryFileKind, (ordinal: number) => string> = {
  cover: () => '作品封面',
  image: (n) => `作品图片 ${n}`,
  board: (n) => `展板 ${n}`,
}

/**
 * The files of a work a judge sees: the base form's cover and pictures, then the display boards —
 * each only when it names a stored upload. One list for the entry page and the judges' file route,
 * so a file's position (the route's `file`) means the same file in both.
 */
export function entryFiles(
  base: Record<string, unknown>,
  displayBoard: Record<string, unknown>,
): EntryFile[] {
  const files: EntryFile[] = []
  const add = (value: unknown, kind: EntryFileKind, ordinal: number) => {
    const v = value as { fileUrl?: unknown; fileOgName?: unknown } | null
    const match = typeof v?.fileUrl === 'string' ? STORED.exec(v.fileUrl) : null
    if (!match) return
    const label = LABEL[kind](ordinal)
    const originalName = typeof v?.fileOgName === 'string' && v.fileOgName ? v.fileOgName : label
    files.push({ kind, ordinal, label, stored: match[1]!, originalName })
  }
  add(base.cover, 'cover', 1)
  for (const [i, image] of (Array.isArray(base.images) ? base.images : []).entries())
    add(image, 'image', i + 1)
  const boards = displayBoard.displayBoard
  for (const [i, board] of (Array.isArray(boards) ? boards : []).entries()) add(board, 'board', i + 1)
  return files
}

/**
 * The neutral names of a file in a blind round (README "Judging"): the entry number and the kind of
 * file with the file's real extension — `作品00042-作品封面.jpg`, `作品00042-展板1.pdf` — nothing the
 * entrant chose. `ascii` is the same for clients that cannot read a UTF-8 file name.
 */
export function neutralNames(workId: number, file: EntryFile): { name: string; ascii: string } {
  const ext = file.stored.split('.')[1]!
  const number = entryNumber(workId).replace(/\s+/g, '')
  const digits = String(workId).padStart(5, '0')
  const ordinal = file.kind === 'cover' ? '' : `-${file.ordinal}`
  return {
    name: `${number}-${file.label.replace(/\s+/g, '')}.${ext}`,
    ascii: `entry-${digits}-${file.kind}${ordinal}.${ext}`,
  }
}
