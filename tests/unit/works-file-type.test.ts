import { describe, expect, it } from 'vitest'
import { extensionOf, fileTypeOf } from '../../schemas/works.ts'

describe('a work’s fileType from its primary file (SPEC §3, §9)', () => {
  it('images, mp4, txt and everything else', () => {
    for (const ext of ['png', 'jpg', 'jpeg', 'bmp', 'gif', 'webp', 'eps', 'tif'])
      expect(fileTypeOf(`a.${ext}`)).toBe(1)
    expect(fileTypeOf('/api/files/abc.MP4')).toBe(2)
    expect(fileTypeOf('说明.txt')).toBe(3)
    for (const name of ['a.pdf', 'a.zip', 'a.tiff', 'noextension', '.png']) expect(fileTypeOf(name)).toBe(4)
  })

  it('reads the extension of a name or URL, ignoring query and folders', () => {
    expect(extensionOf('/api/files/x.y/z.PNG?w=280#top')).toBe('png')
    expect(extensionOf('folder.d/file')).toBe('')
  })
})
