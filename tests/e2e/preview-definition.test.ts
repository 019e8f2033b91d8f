import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDir } from '../support/temp-dir.ts'

/**
 * `npm run preview:definition` as staff run it, on drafts outside the repository: what only the whole
 * chain shows — a real server started on a copy of the definitions with the draft in it, Chromium's
 * screenshots at both widths, the report naming the checker's findings — and that a file with an
 * error gets its findings and no screenshots. The checker's rules are tested where they live (unit).
 */
const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/preview-definition.ts')

/** A draft landing page as `npm run new:landing` makes one: its banner is still the demo picture. */
const draft = (changes: { secondType?: string } = {}) => ({
  $schema: './landing-page.schema.json',
  title: '春季设计沙龙（预览测试）',
  description: '用于检验上线前预览的专题页草稿。',
  sections: [
    {
      type: 'hero',
      props: {
        title: '春季设计沙龙',
        background: { src: '/landing/demo/banner.webp', alt: '活动主视觉', width: 1600, height: 700 },
      },
    },
    {
      type: changes.secondType ?? 'richText',
      props: { title: '活动介绍', blocks: [{ kind: 'paragraph', text: '在这里介绍活动。' }] },
    },
  ],
})

const work = tempDir('preview-test')
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

/** Runs the script through the project's Node in `work`, where it writes preview/. */
function preview(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT, file], {
      cwd: work,
      env: { ...process.env, INIT_CWD: work },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8')
    })
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8')
    })
    child.once('error', reject)
    child.once('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

/** A PNG's width: the first four bytes of its IHDR chunk's data, big-endian (offset 16). */
const pngWidth = (file: string) => fs.readFileSync(file).readUInt32BE(16)

describe('npm run preview:definition', () => {
  it('screenshots a draft landing page at 1366 and 375 px and names its warning by field in the report', async () => {
    const file = path.join(work, 'spring-salon.json')
    fs.writeFileSync(file, JSON.stringify(draft(), null, 2))

    const run = await preview(file)

    expect(run.code, run.stderr).toBe(0)
    const out = path.join(work, 'preview/spring-salon')
    const pngs = fs.readdirSync(out).filter((f) => f.endsWith('.png'))
    expect(pngs.map((f) => pngWidth(path.join(out, f))).sort()).toEqual([1366, 375])
    const report = fs.readFileSync(path.join(out, 'index.html'), 'utf8')
    for (const png of pngs) expect(report).toContain(`src="${png}"`)
    expect(report).toContain('/application/spring-salon')
    expect(report).toContain('sections[0].props.background.src')
    expect(report).toContain('仍是占位图')
    expect(run.stdout).toContain(path.join(out, 'index.html'))
  }, 240_000)

  it('stops at an error: exit 1, the error printed with its field, a report and no screenshot', async () => {
    const file = path.join(work, 'broken-salon.json')
    fs.writeFileSync(file, JSON.stringify(draft({ secondType: 'richTxt' }), null, 2))

    const run = await preview(file)

    expect(run.code).toBe(1)
    expect(run.stderr).toContain('landing-pages/broken-salon.json  sections[1].type  未知的区块类型“richTxt”')
    const out = path.join(work, 'preview/broken-salon')
    expect(fs.readdirSync(out)).toEqual(['index.html'])
    expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('sections[1].type')
  }, 60_000)
})
