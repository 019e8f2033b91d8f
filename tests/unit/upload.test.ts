// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest'
import { uploadFile } from '../../src/api/common.ts'
import { http } from '../../src/api/http.ts'
import { setToken } from '../../src/lib/token.ts'
import { recordingSink } from './recording-sink.ts'

// The upload widget's client call, against the real server on this page's origin.
beforeAll(async () => {
  recordingSink()
  const res = await http.post('/login', { account: '13800000001', password: 'Kabu2026!', logInSource: 2 })
  setToken(res.data.data.token)
})

const PNG = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...new TextEncoder().encode('poster bytes '.repeat(2000)),
])

describe('uploadFile', () => {
  it('sends the file as multipart, reports progress, and returns a server URL (never a data-URL)', async () => {
    const progress: number[] = []
    const result = await uploadFile(new File([PNG], '海报.png', { type: 'image/png' }), (p) =>
      progress.push(p),
    )
    expect(result.url).toMatch(/^\/api\/files\/[0-9a-f]{64}\.png$/)
    expect(result).toMatchObject({ fileName: '海报.png', size: PNG.length })
    expect(progress.at(-1)).toBe(100)
    const back = await http.get(result.url.replace(/^\/api/, ''), { responseType: 'arraybuffer' })
    expect(new Uint8Array(back.data as ArrayBuffer)).toEqual(PNG)
  })

  it('rejects with the server message for a file that is not what it claims', async () => {
    await expect(uploadFile(new File(['<html>'], 'fake.png'))).rejects.toThrow('文件内容与扩展名不符')
  })
})
