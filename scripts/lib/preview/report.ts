import type { DefinitionError } from '../../../definitions/core/json-file.ts'
import { KIND_LABELS, type PreviewTarget } from './target.ts'

export interface PageShot {
  width: number
  /** The PNG's file name, beside index.html. */
  file: string
  problems: string[]
}

export interface PreviewPage {
  /** What the page is, for staff: 专题页, 赛事首页… */
  label: string
  sitePath: string
  shots: PageShot[]
}

export interface PreviewReport {
  target: PreviewTarget
  /** The file as it was given on the command line. */
  given: string
  errors: DefinitionError[]
  warnings: DefinitionError[]
  /** Errors in other files: they stop the server too (a file the previewed one collides with, say). */
  otherErrors: DefinitionError[]
  /** Why there are no screenshots, when there are none. */
  stopped?: string
  pages: PreviewPage[]
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

function findingList(
  title: string,
  tone: 'error' | 'warning',
  findings: DefinitionError[],
  relative: string,
): string {
  if (!findings.length) return ''
  const items = findings
    .map(
      (f) =>
        `<li class="${tone}"><code>${escapeHtml(f.path)}</code>${f.file !== relative ? `<span class="file">${escapeHtml(f.file)}</span>` : ''}<p>${escapeHtml(f.message)}</p></li>`,
    )
    .join('\n')
  return `<h2>${title}（${findings.length}）</h2>\n<ul class="findings">\n${items}\n</ul>`
}

function findings(report: PreviewReport): string {
  const { errors, warnings, otherErrors } = report
  const { relative } = report.target
  const verdict = errors.length
    ? '<p class="verdict error">有错误：改正之前网站不会启动，这个文件不能上线。</p>'
    : otherErrors.length
      ? '<p class="verdict error">其他文件有错误（见下），网站不会启动。</p>'
      : warnings.length
        ? '<p class="verdict warning">没有错误，网站会正常启动；“提醒”多半是疏忽，请逐条看过。</p>'
        : '<p class="verdict ok">检查通过：没有错误，也没有提醒。</p>'
  return [
    verdict,
    findingList('错误', 'error', errors, relative),
    findingList('提醒', 'warning', warnings, relative),
    findingList('其他文件的错误（同样会阻止网站启动）', 'error', otherErrors, relative),
  ].join('\n')
}

function page(p: PreviewPage): string {
  const shots = p.shots
    .map(
      // Grown in proportion to their widths, the two pictures show at one scale: their lengths compare.
      (s) => `<figure style="flex:${s.width} 1 0">
<figcaption>${s.width} px 宽${s.width < 600 ? '（手机）' : '（电脑）'}</figcaption>
<a href="${escapeHtml(s.file)}"><img src="${escapeHtml(s.file)}" alt="${escapeHtml(p.label)}在 ${s.width} px 宽时的整页截图"></a>
${s.problems.length ? `<ul class="problems">${s.problems.map((m) => `<li>${escapeHtml(m)}</li>`).join('')}</ul>` : ''}
</figure>`,
    )
    .join('\n')
  return `<section class="page">
<h2>${escapeHtml(p.label)} <code>${escapeHtml(p.sitePath)}</code></h2>
<div class="shots">
${shots}
</div>
</section>`
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.6 system-ui,"Noto Sans SC","PingFang SC","Microsoft YaHei",sans-serif;color:#1a202c;background:#f4f5f7}
header{padding:16px 20px;background:#1f3a5f;color:#fff}
header h1{margin:0;font-size:20px;overflow-wrap:anywhere}
header p{margin:4px 0 0;opacity:.85;overflow-wrap:anywhere}
.layout{display:grid;grid-template-columns:minmax(0,1fr) 340px;gap:20px;padding:20px;align-items:start}
aside{position:sticky;top:12px;background:#fff;border-radius:8px;padding:12px 16px;max-height:calc(100vh - 24px);overflow:auto}
aside h2{font-size:16px;margin:16px 0 8px}
.findings{list-style:none;margin:0;padding:0}
.findings li{border-left:4px solid;padding:6px 10px;margin:0 0 8px;background:#fafafa;overflow-wrap:anywhere}
.findings li.error{border-color:#c53030}
.findings li.warning{border-color:#c05621}
.findings p{margin:4px 0 0}
.findings .file{display:block;color:#4a5568;font-size:13px}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;background:#edf2f7;padding:1px 4px;border-radius:3px;overflow-wrap:anywhere}
.verdict{padding:8px 10px;border-radius:6px;margin:0}
.verdict.error{background:#fed7d7}.verdict.warning{background:#feebc8}.verdict.ok{background:#c6f6d5}
.page{background:#fff;border-radius:8px;padding:12px 16px;margin-bottom:20px}
.page h2{font-size:17px;margin:0 0 12px}
.shots{display:flex;gap:16px;align-items:flex-start}
figure{margin:0;min-width:0}
figcaption{font-weight:600;margin-bottom:6px}
figure img{display:block;width:100%;height:auto;border:1px solid #cbd5e0}
.problems{margin:8px 0 0;padding-left:20px;color:#c53030}
.stopped{background:#fff;border-radius:8px;padding:16px;font-size:16px}
@media (max-width:1000px){.layout{grid-template-columns:minmax(0,1fr)}aside{position:static;max-height:none;order:-1}}
@media (max-width:700px){.layout{padding:10px;gap:10px}.shots{flex-direction:column}figure{flex:none!important;width:100%}}
`

/** index.html of a preview: the pages at both widths side by side, the checker's findings beside them. */
export function reportHtml(report: PreviewReport): string {
  const { target } = report
  const body = report.stopped
    ? `<p class="stopped">${escapeHtml(report.stopped)}</p>`
    : report.pages.map(page).join('\n')
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>上线前预览：${escapeHtml(target.relative)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>上线前预览：${escapeHtml(target.relative)}（${KIND_LABELS[target.kind]}）</h1>
<p>文件：${escapeHtml(report.given)}　·　生成于 ${escapeHtml(beijingNow())}（北京时间）　·　只是预览，网站上什么都没有改变</p>
</header>
<div class="layout">
<main>
${body}
</main>
<aside>
<h2>检查结果</h2>
${findings(report)}
</aside>
</div>
</body>
</html>
`
}

function beijingNow(): string {
  return new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date())
}
