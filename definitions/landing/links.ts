import fs from 'node:fs'
import path from 'node:path'
import type { DefinitionError } from '../core/json-file.ts'
import { didYouMean, distance } from '../core/messages.ts'
import type { KnownRoutes } from '../core/site-routes.ts'
import { walkSections } from './walk.ts'

/**
 * Internal links in a section list must lead somewhere: every `href` in any section's props, found
 * by walking the sections (nested lists included) and their props without naming any field, is
 * checked against the routes every kind of definition makes. Includes are skipped here: a fragment's
 * links are checked once, in its own file.
 */
export interface LinkContext {
  root: string
  file: string
  errors: DefinitionError[]
  routes: KnownRoutes
  /** The competition whose page this is (a link into another competition's workspace is refused). */
  competition?: string
  /**
   * The section ids of the page (its includes' too): where a `#id` link may jump. Absent for a shared
   * fragment, whose `#id` links depend on the page that includes it.
   */
  anchors?: Set<string>
}

function collectHrefs(value: unknown, at: string, out: Array<[string, string]>): void {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) collectHrefs(v, `${at}[${i}]`, out)
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'href' && typeof v === 'string') out.push([`${at}.${k}`, v])
      else collectHrefs(v, `${at}.${k}`, out)
    }
  }
}

/** A file under public/ (a PDF to download, say) is a fine link target too. */
function isPublicFile(root: string, sitePath: string): boolean {
  const publicDir = path.resolve(root, 'public')
  let file: string
  try {
    file = path.resolve(publicDir, `.${decodeURI(sitePath)}`)
  } catch {
    return false // a malformed %-escape names no file
  }
  if (!file.startsWith(publicDir + path.sep)) return false
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false
}

/** `/a/b/?x=1#c` → `/a/b` */
const sitePathOf = (href: string) => {
  const bare = href.split(/[?#]/)[0] ?? ''
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare
}

/** A `#id` link must name a section id of the same page: otherwise the button does nothing. */
function checkAnchor(href: string, at: string, ctx: LinkContext): void {
  const id = decodeURIComponentSafe(href.slice(1))
  // `#` alone is the top of the page; a fragment's anchors are checked where it is included.
  if (!id || !ctx.anchors || ctx.anchors.has(id)) return
  const ids = [...ctx.anchors]
  ctx.errors.push({
    file: ctx.file,
    path: at,
    message: ids.length
      ? `链接“${href}”跳到本页不存在的区块 id“${id}”${didYouMean(id, ids)}：本页的区块 id 有：${ids.join('、')}`
      : `链接“${href}”跳到本页不存在的区块 id“${id}”：请给要跳到的区块写上 "id": "${id}"`,
  })
}

const decodeURIComponentSafe = (text: string) => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * The page of a competition nearest to a mistyped one (`infomation` → `base/infomation`): its own
 * short list, so the nearest is always worth naming; a page ending with what was typed comes first.
 */
function nearestPage(typed: string, pages: string[]): string | undefined {
  if (!typed) return undefined
  const score = (page: string) => (page.endsWith(`/${typed}`) ? 0 : distance(typed, page))
  return [...pages].sort((a, b) => score(a) - score(b))[0]
}

export function checkHref(href: string, at: string, ctx: LinkContext): void {
  if (href.startsWith('#')) {
    checkAnchor(href, at, ctx)
    return
  }
  if (!href.startsWith('/') || href.startsWith('//')) return
  const sitePath = sitePathOf(href)
  if (ctx.routes.has(sitePath)) {
    const other = ctx.routes.workspaceOf(sitePath)
    // Refused, not warned: a 立即报名 copied from last year's file registers people for last year.
    if (ctx.competition !== undefined && other !== undefined && other !== ctx.competition)
      ctx.errors.push({
        file: ctx.file,
        path: at,
        message: `链接“${href}”进入另一个赛事 ${other} 的报名或作品页面：复制往届文件后忘了改链接？本赛事的页面是 /${ctx.competition}/…`,
      })
    return
  }
  if (isPublicFile(ctx.root, sitePath)) return
  const [, slug = '', ...rest] = sitePath.split('/')
  const pages = ctx.routes.competitions.get(slug)
  const nearest = pages && nearestPage(rest.join('/'), pages)
  const hint = nearest ? `（是不是想写“/${slug}/${nearest}”？）` : didYouMean(sitePath, ctx.routes.paths)
  ctx.errors.push({
    file: ctx.file,
    path: at,
    message: pages
      ? `链接“${href}”指向的页面不存在${hint}。赛事 ${slug} 的页面有：${pages.join('、')}`
      : `链接“${href}”指向的页面不存在${hint}：站内链接必须是网站已有的网址或 public/ 下的文件`,
  })
}

/** Checks every internal link in a section list (and the lists nested in it) at the JSON path `at`. */
export function checkLinks(list: unknown, at: string, ctx: LinkContext): void {
  const seen = new Set<string>()
  walkSections(list, at, ({ entry, path: where }) => {
    const hrefs: Array<[string, string]> = []
    collectHrefs(entry.props ?? {}, `${where}.props`, hrefs)
    for (const [hrefPath, href] of hrefs) {
      // A nested section's links are found from its container too; each is reported once.
      if (seen.has(hrefPath)) continue
      seen.add(hrefPath)
      checkHref(href, hrefPath, ctx)
    }
  })
}
