import fs from 'node:fs'
import path from 'node:path'
import { type Browser, chromium } from 'playwright-core'
import { checkAllDefinitions, type DefinitionsReport } from '../definitions/check-all.ts'
import { formatError } from '../definitions/core/json-file.ts'
import { eventPagePaths } from '../definitions/events/types.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.ts'
import { type PreviewPage, type PreviewReport, reportHtml } from './lib/preview/report.ts'
import { previewRoot } from './lib/preview/root.ts'
import { PREVIEW_WIDTHS, screenshot } from './lib/preview/screenshots.ts'
import { startPreviewServer } from './lib/preview/server.ts'
import { KIND_LABELS, type PreviewTarget, previewTarget, UsageError } from './lib/preview/target.ts'
import { tempDir } from './lib/temp-dir.ts'

/**
 * `npm run preview:definition -- <file> [--kind competition|event|landing]`: how a definition file —
 * a competition, an event or a landing page, in the repository or a draft anywhere — will look once it
 * is live, before it is. It copies the repository's definitions into a temporary root with the file in
 * its place, checks them as the server's start does, starts a real server on that copy (its own
 * SQLite, the demo data, a free port) and takes full-page screenshots of each public page the file
 * makes at 1366 and 375 px. It writes preview/<file name>/index.html (the screenshots side by side, the
 * checker's findings beside them) and the PNGs in the current folder; nothing in the repository or on
 * the site changes. Errors that would stop the server: the report holds the findings only, exit code 1.
 */
const USAGE = '用法：npm run preview:definition -- <定义文件> [--kind competition|event|landing]'
const repo = path.resolve(import.meta.dirname, '..')

function parseArgs(args: string[]): { file: string; kind?: string } {
  const rest: string[] = []
  let kind: string | undefined
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === '--kind') kind = args[++i] ?? ''
    else if (arg.startsWith('--kind=')) kind = arg.slice('--kind='.length)
    else if (arg.startsWith('-')) throw new UsageError(`不认识的参数：${arg}`)
    else rest.push(arg)
  }
  if (rest.length !== 1) throw new UsageError(rest.length ? '一次只能预览一个文件' : '请给出要预览的定义文件')
  return { file: rest[0]!, kind }
}

/** The public pages the file makes; the rest (sign-up steps, workspaces) need an account. */
function pagesOf(target: PreviewTarget, checked: DefinitionsReport): Omit<PreviewPage, 'shots'>[] {
  if (target.kind === 'landing') return [{ label: '专题页', sitePath: `/application/${target.slug}` }]
  if (target.kind === 'competition') {
    return [
      { label: '赛事首页', sitePath: `/${target.slug}/index` },
      { label: '作品预览页', sitePath: `/${target.slug}/preview` },
    ]
  }
  const event = checked.events.find((e) => e.slug === target.slug)
  return event ? [{ label: '活动页', sitePath: eventPagePaths(event.definition).index }] : []
}

/** Whatever was made for this run, undone once — at the end, on an error or on Ctrl-C. */
const undo: Array<() => unknown> = []
let undoing: Promise<void> | undefined
function cleanUp(): Promise<void> {
  undoing ??= (async () => {
    for (const step of undo.reverse()) await Promise.resolve(step()).catch(() => {})
  })()
  return undoing
}
/** The temporary folders, removed once more as the process exits, whatever ended it. */
const temporary: string[] = []
process.once('exit', () => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true })
})
let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    interrupted = true
    console.error('\n已中断：正在停止预览网站、删除临时文件…')
    void cleanUp().then(() => process.exit(130))
  })
}

async function shootPages(
  origin: string,
  pages: Omit<PreviewPage, 'shots'>[],
  out: string,
): Promise<PreviewPage[]> {
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    // Ctrl-C is this script's to handle: Playwright's own handler would exit before the server stops.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  })
  undo.push(() => browser.close())
  const shot: PreviewPage[] = []
  for (const [index, p] of pages.entries()) {
    const shots = []
    for (const width of PREVIEW_WIDTHS) {
      const file = `${index + 1}-${p.sitePath.replace(/^\/+/, '').replace(/[^A-Za-z0-9-]+/g, '_')}-${width}.png`
      console.log(`截图 ${p.sitePath}（${width} px）…`)
      const problems = await screenshot(browser, `${origin}${p.sitePath}`, width, path.join(out, file))
      for (const m of problems) console.warn(`  ${m}`)
      shots.push({ width, file, problems })
    }
    shot.push({ ...p, shots })
  }
  return shot
}

async function main(): Promise<number> {
  const { file, kind } = parseArgs(process.argv.slice(2))
  // npm runs the script at the repository's root: a relative path means where the command was typed.
  const target = previewTarget(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), kind)
  console.log(
    `预览 ${file}（${KIND_LABELS[target.kind]}，放在 ${target.relative} 的位置；网站上什么都不会改变）\n`,
  )
  const root = previewRoot(repo, target)
  temporary.push(root)
  undo.push(() => fs.rmSync(root, { recursive: true, force: true }))

  // The check the server's start runs, on the site as it will be with this file.
  const checked = checkAllDefinitions(root)
  const report: PreviewReport = {
    target,
    given: file,
    errors: checked.errors.filter((e) => e.file === target.relative),
    warnings: checked.warnings.filter((w) => w.file === target.relative),
    otherErrors: checked.errors.filter((e) => e.file !== target.relative),
    pages: [],
  }
  for (const e of report.errors) console.error(formatError(e))
  for (const w of report.warnings) console.warn(`提醒  ${formatError(w)}`)
  if (report.otherErrors.length) console.error('\n其他文件的错误（同样会阻止网站启动）：')
  for (const e of report.otherErrors) console.error(formatError(e))

  const out = path.resolve('preview', target.slug)
  fs.rmSync(out, { recursive: true, force: true })
  fs.mkdirSync(out, { recursive: true })
  const finish = (code: number) => {
    const index = path.join(out, 'index.html')
    fs.writeFileSync(index, reportHtml(report))
    console.log(`\n预览报告：${index}`)
    return code
  }

  if (checked.errors.length) {
    report.stopped = `有 ${checked.errors.length} 个错误，网站不会带着它们启动，所以没有截图。请按右侧（手机上在上方）的检查结果逐条修改，再运行一次预览。`
    console.error(`\n${checked.errors.length} 个错误：网站不会带着错误启动，所以没有截图。请修改后再预览。`)
    return finish(1)
  }
  if (!fs.existsSync(path.join(repo, 'dist/index.html'))) {
    report.stopped = '还没有构建网站，所以没有截图：请先运行一次 npm run build，再运行预览。'
    console.error('\n还没有构建网站：请先运行一次 npm run build，再运行预览。')
    return finish(1)
  }
  const pages = pagesOf(target, checked)
  console.log(`\n正在启动预览网站（临时数据库，带演示数据；第一次可能要一两分钟）…`)
  const dataDir = tempDir('preview-data')
  temporary.push(dataDir)
  undo.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
  try {
    const server = await startPreviewServer(repo, root, dataDir, (stop) => undo.push(stop))
    report.pages = await shootPages(server.origin, pages, out)
  } catch (error) {
    // The report still says what the checker found, and why there are no (or not all) screenshots.
    report.pages = []
    report.stopped = interrupted ? '预览被中断，没有完成。' : `预览没有完成：${(error as Error).message}`
    console.error(report.stopped)
    return finish(1)
  }
  return finish(0)
}

try {
  process.exitCode = await main()
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`)
    process.exitCode = 2
  } else {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  }
} finally {
  await cleanUp()
}
