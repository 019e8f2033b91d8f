import fs from 'node:fs'
import path from 'node:path'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { bindingNamesOf, bindingScope, linkFactsOf } from '../competition/facts.ts'
import type { Competition } from '../competition/types.ts'
import { bindingProblems, fillBindings } from '../core/bindings.ts'
import { type DefinitionError, readJsonFile } from '../core/json-file.ts'
import { didYouMean, explain, jsonPath } from '../core/messages.ts'
import type { KnownRoutes } from '../core/site-routes.ts'
import { IMAGE } from './define.ts'
import { includedBindingProblems } from './included-bindings.ts'
import { checkLinks } from './links.ts'
import { INCLUDE_PATTERN } from './schema.ts'
import { isSectionType, SECTIONS } from './sections.ts'
import { SLUG_PATTERN } from './types.ts'
import { nestedLists, walkSections } from './walk.ts'

export type { DefinitionError } from '../core/json-file.ts'

/**
 * Checks every landing page and shared fragment and says what is wrong in words staff understand:
 * the file, the JSON path (sections[2].props.actions[0].href) and the problem. Competitions' index
 * and preview pages are section lists too, checked by checkSectionList.
 */
// verbose: an unknown field's error carries its schema, whose properties feed the did-you-mean.
const ajv = new Ajv2020({ allErrors: true, strict: false, discriminator: true, verbose: true })
addFormats(ajv, ['date-time'])
const sectionValidators = new Map(
  Object.entries(SECTIONS).map(([type, d]) => [
    type,
    ajv.compile({ ...d.schema, $defs: { section: { type: 'object' } } }),
  ]),
)

export interface SectionListContext {
  /** The repository (public/ and landing-pages/_shared/ are under it). */
  root: string
  file: string
  errors: DefinitionError[]
  /** Fragment names under landing-pages/_shared. */
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

const validateImage = ajv.compile(IMAGE)

/** An image field outside sections (shareImage, a competition's cover): its shape and its file. */
export function checkImage(image: unknown, at: string, ctx: SectionListContext): void {
  if (!validateImage(image)) {
    for (const error of validateImage.errors ?? [])
      ctx.errors.push({
        file: ctx.file,
        path: `${at}${jsonPath(error.instancePath)}`,
        message: explain(error),
      })
    return
  }
  const src = (image as { src: string }).src
  if (!fs.existsSync(path.join(ctx.root, 'public', src)))
    ctx.errors.push({ file: ctx.file, path: `${at}.src`, message: `文件不存在：public${src}` })
}

/** Reads a fragment's sections for walking (undefined when missing or unreadable). */
function fragmentSections(ctx: SectionListContext, name: string): unknown[] | undefined {
  if (!ctx.fragments.has(name)) return undefined
  try {
    const text = fs.readFileSync(path.join(ctx.root, 'landing-pages/_shared', `${name}.json`), 'utf8')
    const sections = (JSON.parse(text) as { sections?: unknown }).sections
    return Array.isArray(sections) ? sections : undefined
  } catch {
    return undefined
  }
}

/**
 * Section ids are the page's anchors (#id): two sections with one id on a page, counting those its
 * includes bring, would make a link jump to the wrong one.
 */
export function checkSectionIds(list: unknown, at: string, ctx: SectionListContext): void {
  const seen = new Map<string, string>()
  walkSections(
    list,
    at,
    ({ entry, path: where }) => {
      if (typeof entry.id !== 'string') return
      const first = seen.get(entry.id)
      if (first)
        ctx.errors.push({
          file: ctx.file,
          path: `${where}.id`,
          message: `区块 id“${entry.id}”与 ${first} 重复：同一页面内 id 不能重复`,
        })
      else seen.set(entry.id, where)
    },
    (name) => fragmentSections(ctx, name) as never,
  )
}

/** The section ids of a page, its includes' too: the targets of its `#id` links. */
export function pageAnchors(list: unknown, ctx: SectionListContext): Set<string> {
  const ids = new Set<string>()
  walkSections(
    list,
    'sections',
    ({ entry }) => {
      if (typeof entry.id === 'string') ids.add(entry.id)
    },
    (name) => fragmentSections(ctx, name) as never,
  )
  return ids
}

/** Checks a list of sections, and every list nested in them, at the JSON path `at`. */
export function checkSectionList(list: unknown, at: string, ctx: SectionListContext): void {
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
        add(
          `${here}.include`,
          `找不到共享区块 landing-pages/_shared/${name}.json${didYouMean(name, ctx.fragments)}`,
        )
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
        `未知的区块类型“${type}”${didYouMean(type, Object.keys(SECTIONS))}。可用类型：${Object.keys(SECTIONS).join('、')}`,
      )
      continue
    }
    for (const key of Object.keys(e))
      if (!['type', 'props', 'id'].includes(key))
        add(
          `${here}.${key}`,
          `不认识的字段“${key}”${didYouMean(key, ['type', 'props', 'id'])}（区块只有 type、props、id）`,
        )
    const props = { ...SECTIONS[type].defaults, ...((e.props as object) ?? {}) }
    const validate = sectionValidators.get(type)!
    if (!validate(props)) {
      for (const error of validate.errors ?? []) {
        if (error.keyword === 'oneOf' && (validate.errors ?? []).length > 1) continue
        add(`${here}.props${jsonPath(error.instancePath)}`, explain(error))
      }
    }
    const p = props as Record<string, unknown>
    for (const nested of nestedLists(type, p))
      checkSectionList(nested.list, `${here}.props${nested.path}`, ctx)
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

const walk = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]))
    : []

const PAGE_FIELDS = ['$schema', 'competition', 'title', 'description', 'shareImage', 'sections']

/**
 * Checks landing-pages/ under `root` (the repository); returns every problem found. With `routes`
 * (definitions/known-routes.ts, as check-all passes them) every internal link is checked too.
 * `competitions`: the valid competitions, which a page may name and bind (definitions/core/bindings.ts).
 */
export function checkLandingPages(
  root: string,
  routes?: KnownRoutes,
  competitions: Iterable<Competition> = [],
): {
  pages: number
  fragments: number
  errors: DefinitionError[]
  warnings: DefinitionError[]
} {
  const dir = path.join(root, 'landing-pages')
  const bySlug = new Map([...competitions].map((c) => [c.slug, c]))
  const errors: DefinitionError[] = []
  const warnings: DefinitionError[] = []
  // A page's `#id` links are checked against its own ids; a fragment's depend on the including page.
  const links = (list: unknown, file: string, anchors?: Set<string>) => {
    if (routes) checkLinks(list, 'sections', { root, file, errors, routes, anchors })
  }
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
    const page = readJsonFile(file, shown, errors)
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
      if (!PAGE_FIELDS.includes(key)) add(key, `不认识的字段“${key}”${didYouMean(key, PAGE_FIELDS)}`)
    }
    // Its bindings: those of the competition it names, none without one.
    const named = page.competition
    if (named !== undefined && (typeof named !== 'string' || !bySlug.has(named)))
      add(
        'competition',
        `没有赛事“${String(named)}”${didYouMean(String(named), bySlug.keys())}：写 competitions/ 下赛事的文件名（不带 .json）`,
      )
    else {
      const scope = bindingScope(typeof named === 'string' ? bySlug.get(named) : undefined)
      for (const [at, why] of bindingProblems(page, scope)) add(at, why)
      for (const [at, why] of includedBindingProblems(root, page.sections, 'sections', scope)) add(at, why)
    }
    if (page.shareImage !== undefined)
      checkImage(page.shareImage, 'shareImage', { root, file: shown, errors, fragments })
    // `{{links.register}}` is checked as the address it stands for.
    const sections =
      typeof named === 'string' && bySlug.has(named)
        ? fillBindings(page.sections, linkFactsOf(named))
        : page.sections
    checkSectionList(sections, 'sections', { root, file: shown, errors, fragments })
    checkSectionIds(sections, 'sections', { root, file: shown, errors, fragments })
    links(sections, shown, pageAnchors(sections, { root, file: shown, errors, fragments }))
  }
  // A fragment binds the facts of the page that includes it: any competition's names may appear.
  const anyNames = [...new Set([{}, ...bySlug.values()].flatMap((c) => bindingNamesOf(c)))]
  for (const file of fragmentFiles) {
    const shown = path.relative(root, file)
    const fragment = readJsonFile(file, shown, errors)
    if (!fragment) continue
    checkSectionList(fragment.sections, 'sections', { root, file: shown, errors, fragments })
    for (const [at, why] of bindingProblems(fragment, { names: anyNames }))
      errors.push({ file: shown, path: at, message: why })
    links(fragment.sections, shown)
  }
  return { pages: pageFiles.length, fragments: fragmentFiles.length, errors, warnings }
}
