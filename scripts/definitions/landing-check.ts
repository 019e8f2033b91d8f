import fs from 'node:fs'
import path from 'node:path'
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { SLUG_PATTERN } from '../../src/engine/landing/page.ts'
import { isSectionType, SECTIONS } from '../../src/engine/landing/registry.ts'
import { INCLUDE_PATTERN } from './landing-schema.ts'

/**
 * Checks every landing page and shared fragment and says what is wrong in words staff understand:
 * the file, the JSON path (sections[2].props.actions[0].href) and the problem.
 */
export interface DefinitionError {
  file: string
  path: string
  message: string
}

const ajv = new Ajv2020({ allErrors: true, strict: false, discriminator: true })
addFormats(ajv, ['date-time'])
const sectionValidators = new Map(
  Object.entries(SECTIONS).map(([type, d]) => [
    type,
    ajv.compile({ ...d.schema, $defs: { section: { type: 'object' } } }),
  ]),
)

const KINDS: Record<string, string> = {
  string: '文字',
  integer: '整数',
  number: '数字',
  boolean: 'true 或 false',
  array: '列表 [ ]',
  object: '对象 { }',
}

function explain(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>
  switch (e.keyword) {
    case 'required':
      return `缺少必填项“${p.missingProperty}”`
    case 'additionalProperties':
      return `不认识的字段“${p.additionalProperty}”（拼写错误？）`
    case 'type':
      return `应为${KINDS[String(p.type)] ?? p.type}`
    case 'enum':
      return `只能是：${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join('、')}`
    case 'const':
      return `应为 ${JSON.stringify(p.allowedValue)}`
    case 'minLength':
      return p.limit === 1 ? '不能为空' : `至少 ${p.limit} 个字`
    case 'maxLength':
      return `不能超过 ${p.limit} 个字`
    case 'minItems':
      return `至少要有 ${p.limit} 项`
    case 'maxItems':
      return `最多 ${p.limit} 项`
    case 'minimum':
    case 'maximum':
      return `应在允许范围内（${e.keyword === 'minimum' ? '不小于' : '不大于'} ${p.limit}）`
    case 'format':
      return p.format === 'date-time'
        ? '应为 ISO 时间，如 2026-12-20T09:00:00+08:00'
        : `格式不正确（${p.format}）`
    case 'pattern':
      return String(p.pattern).startsWith('^/(?!/)')
        ? '必须是站内路径（以 / 开头），不能外链'
        : `格式不正确（应匹配 ${p.pattern}）`
    case 'discriminator':
      return `“${p.tag}”只能是：${'heading、paragraph、list、quote、image'}`
    case 'oneOf':
    case 'anyOf':
      return '不符合任何一种允许的写法'
    default:
      return e.message ?? '不正确'
  }
}

/** `/actions/0/href` → `.actions[0].href` */
const jsonPath = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const temp = row[j]!
      row[j] = Math.min(
        row[j]! + 1,
        row[j - 1]! + 1,
        prev + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1),
      )
      prev = temp
    }
  }
  return row[b.length]!
}

function suggest(type: string): string {
  const best = Object.keys(SECTIONS).sort((x, y) => distance(type, x) - distance(type, y))[0]!
  return distance(type, best) <= 3 ? `（是不是想写“${best}”？）` : ''
}

interface Context {
  root: string
  file: string
  errors: DefinitionError[]
  fragments: Set<string>
}

function collectSrcs(value: unknown, at: string, out: Array<[string, string]>): void {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) collectSrcs(v, `${at}[${i}]`, out)
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if ((k === 'src' || k === 'poster') && typeof v === 'string') out.push([`${at}.${k}`, v])
      else collectSrcs(v, `${at}.${k}`, out)
    }
  }
}

function checkSections(list: unknown, at: string, ctx: Context): void {
  const add = (p: string, message: string): void => {
    ctx.errors.push({ file: ctx.file, path: p, message })
  }
  if (!Array.isArray(list)) {
    add(at, '应为区块列表 [ ]')
    return
  }
  for (const [i, entry] of list.entries()) {
    const here = `${at}[${i}]`
    if (!entry || typeof entry !== 'object') {
      add(here, '应为 {"type": …, "props": {…}} 或 {"include": …}')
      continue
    }
    const e = entry as Record<string, unknown>
    if ('include' in e) {
      const name = String(e.include)
      if (!new RegExp(INCLUDE_PATTERN).test(name)) {
        add(`${here}.include`, '共享区块名只能用小写字母、数字、- 和 /')
        continue
      }
      if (!ctx.fragments.has(name))
        add(`${here}.include`, `找不到共享区块 landing-pages/_shared/${name}.json`)
      continue
    }
    const type = String(e.type ?? '')
    if (!type) {
      add(`${here}.type`, '缺少区块类型“type”')
      continue
    }
    if (!isSectionType(type)) {
      add(
        `${here}.type`,
        `未知的区块类型“${type}”${suggest(type)}。可用类型：${Object.keys(SECTIONS).join('、')}`,
      )
      continue
    }
    for (const key of Object.keys(e))
      if (!['type', 'props', 'id'].includes(key))
        add(`${here}.${key}`, `不认识的字段“${key}”（区块只有 type、props、id）`)
    const props = { ...SECTIONS[type].defaults, ...((e.props as object) ?? {}) }
    const validate = sectionValidators.get(type)!
    if (!validate(props)) {
      for (const error of validate.errors ?? []) {
        if (error.keyword === 'oneOf' && (validate.errors ?? []).length > 1) continue
        add(`${here}.props${jsonPath(error.instancePath)}`, explain(error))
      }
    }
    const p = props as Record<string, unknown>
    if (type === 'tabs' && Array.isArray(p.tabs)) {
      for (const [t, tab] of p.tabs.entries()) {
        checkSections((tab as { sections?: unknown }).sections, `${here}.props.tabs[${t}].sections`, ctx)
      }
    }
    if (type === 'twoColumn') {
      checkSections(p.left, `${here}.props.left`, ctx)
      checkSections(p.right, `${here}.props.right`, ctx)
    }
    const srcs: Array<[string, string]> = []
    collectSrcs(p, `${here}.props`, srcs)
    for (const [srcPath, src] of srcs) {
      if (
        src.startsWith('/') &&
        !src.startsWith('//') &&
        !fs.existsSync(path.join(ctx.root, 'public', src))
      ) {
        add(srcPath, `文件不存在：public${src}`)
      }
    }
  }
}

function readJson(
  file: string,
  errors: DefinitionError[],
  shown: string,
): Record<string, unknown> | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    errors.push({ file: shown, path: '(文件)', message: `不是有效的 JSON：${(error as Error).message}` })
    return undefined
  }
}

const walk = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]))
    : []

/** Checks landing-pages/ under `root` (the repository); returns every problem found. */
export function checkLandingPages(root: string): {
  pages: number
  fragments: number
  errors: DefinitionError[]
} {
  const dir = path.join(root, 'landing-pages')
  const errors: DefinitionError[] = []
  const sharedDir = path.join(dir, '_shared')
  const fragmentFiles = walk(sharedDir).filter((f) => f.endsWith('.json'))
  const fragments = new Set(
    fragmentFiles.map((f) =>
      path
        .relative(sharedDir, f)
        .replace(/\\/g, '/')
        .replace(/\.json$/, ''),
    ),
  )
  const pageFiles = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
    .map((f) => path.join(dir, f))

  for (const file of pageFiles) {
    const shown = path.relative(root, file)
    const slug = path.basename(file, '.json')
    if (!SLUG_PATTERN.test(slug))
      errors.push({
        file: shown,
        path: '(文件名)',
        message: '文件名即网址 /application/<文件名>：只能用字母、数字和 -',
      })
    const page = readJson(file, errors, shown)
    if (!page) continue
    const add = (p: string, message: string) => errors.push({ file: shown, path: p, message })
    if (page.$schema !== './landing-page.schema.json')
      add('$schema', '应为 "./landing-page.schema.json"（编辑器据此提示字段）')
    if (typeof page.title !== 'string' || page.title.trim().length < 2) add('title', '页面标题至少 2 个字')
    else if (page.title.length > 60) add('title', '页面标题不能超过 60 个字')
    if (typeof page.description !== 'string' || page.description.trim().length < 10)
      add('description', '页面简介至少 10 个字')
    else if (page.description.length > 200) add('description', '页面简介不能超过 200 个字')
    for (const key of Object.keys(page)) {
      if (!['$schema', 'title', 'description', 'shareImage', 'sections'].includes(key))
        add(key, `不认识的字段“${key}”`)
    }
    checkSections(page.sections, 'sections', { root, file: shown, errors, fragments })
  }
  for (const file of fragmentFiles) {
    const shown = path.relative(root, file)
    const fragment = readJson(file, errors, shown)
    if (fragment) checkSections(fragment.sections, 'sections', { root, file: shown, errors, fragments })
  }
  return { pages: pageFiles.length, fragments: fragmentFiles.length, errors }
}
