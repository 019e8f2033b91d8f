import { describe, expect, it } from 'vitest'
import { foldAt } from '../../src/components/fold-text.tsx'
import { regionPath } from '../../src/components/use-dict-labels.ts'
import { FOLD_CHARS } from '../../src/lib/constants.ts'
import { readHash, sha256OfFile } from '../../src/lib/sha256.ts'
import {
  coverKindOf,
  extensionOf,
  fileKindOf,
  fileTypeLabel,
  isPictureUrl,
  placeholderCoverOf,
  showTime,
  splitTags,
} from '../../src/lib/work-files.ts'

describe('folding long text (SPEC §9)', () => {
  const long = '设'.repeat(300)
  it('folds at 80 characters by default and 280 in the work detail', () => {
    expect(FOLD_CHARS).toEqual({ default: 80, workDetail: 280 })
    expect(foldAt(long, FOLD_CHARS.default)).toEqual({ shown: `${'设'.repeat(80)}…`, folded: true })
    expect(foldAt(long, FOLD_CHARS.workDetail)).toEqual({ shown: `${'设'.repeat(280)}…`, folded: true })
  })
  it('leaves text of exactly the limit whole, and counts an emoji or rare character as one', () => {
    expect(foldAt('设'.repeat(80), 80)).toEqual({ shown: '设'.repeat(80), folded: false })
    const rare = '𠀀'.repeat(81)
    expect(foldAt(rare, 80).shown).toBe(`${'𠀀'.repeat(80)}…`)
  })
})

describe('the primary file by extension (SPEC §2 work detail)', () => {
  it.each([
    ['作品.mp4', 'video'],
    ['草图.JPG', 'image'],
    ...['png', 'jpeg', 'bmp', 'gif', 'webp', 'eps', 'tif'].map((ext) => [`a.${ext}`, 'image']),
    ['守则.txt', 'text'],
    ['模型.step', 'other'],
    ['说明.pdf', 'other'],
    ['no-extension', 'other'],
    ['/api/files/abc.mp4?download=1', 'video'],
  ])('%s is shown as %s', (name, kind) => {
    expect(fileKindOf(name)).toBe(kind)
  })
  it('reads no extension from a folder name with a dot', () => {
    expect(extensionOf('/a.b/file')).toBe('')
  })
})

describe('codes and covers', () => {
  it('turns fileType codes 1–4 into labels', () => {
    expect([1, 2, 3, 4].map(fileTypeLabel)).toEqual(['图片', '视频', '文本', '文件'])
  })
  it('draws a cover by type when fileUrl is no picture', () => {
    expect([1, 2, 3, 4].map(coverKindOf)).toEqual(['image', 'video', 'text', 'other'])
    expect(isPictureUrl('/api/files/x.jpg')).toBe(true)
    expect(isPictureUrl('/api/files/x.mp4')).toBe(false)
    expect(isPictureUrl('/api/files/x.eps')).toBe(false)
    expect(isPictureUrl('')).toBe(false)
    expect([2, 3, 4, 9].map(placeholderCoverOf)).toEqual([
      '/works/cover-video.svg',
      '/works/cover-text.svg',
      '/works/cover-file.svg',
      '/works/cover-file.svg',
    ])
  })
  it('splits comma-separated tags, Chinese commas included', () => {
    expect(splitTags('茶器, 竹制，可折叠,,')).toEqual(['茶器', '竹制', '可折叠'])
    expect(splitTags(undefined)).toEqual([])
  })
  it('shows API times in Beijing time', () => {
    expect(showTime('2026-11-20T06:32:10.000Z')).toBe('2026年11月20日 14:32')
    expect(showTime('2026-11-20 14:32:10')).toBe('2026年11月20日 14:32')
    expect(showTime('2026-11-20T06:32:10.000Z', { dateOnly: true })).toBe('2026年11月20日')
  })
  it('finds a region’s names in the tree', () => {
    const tree = [
      { id: '320000', name: '江苏省', level: 1, subLevel: [{ id: '320500', name: '苏州市', level: 2 }] },
    ]
    expect(regionPath(tree, '320500')).toEqual(['江苏省', '苏州市'])
    expect(regionPath(tree, '999999')).toEqual([])
  })
})

describe('hashes on the verification page', () => {
  it('accepts a pasted SHA-256 in any case with blanks around it, and nothing else', () => {
    const hash = 'A'.repeat(64)
    expect(readHash(` ${hash}\n`)).toBe('a'.repeat(64))
    expect(readHash('a'.repeat(63))).toBeUndefined()
    expect(readHash('g'.repeat(64))).toBeUndefined()
  })
  it('hashes a file in the browser as the server does', async () => {
    expect(await sha256OfFile(new Blob(['abc']))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
  })
})
