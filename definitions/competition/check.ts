import fs from 'node:fs'
import path from 'node:path'
import Ajv2020 from 'ajv/dist/2020.js'
import { FORMS } from '../../schemas/forms/index.ts'
import { bindingProblems, fillBindings } from '../core/bindings.ts'
import { type DefinitionError, readJsonFile } from '../core/json-file.ts'
import { didYouMean, explain, jsonPath } from '../core/messages.ts'
import { blameNewer, type Claimant } from '../core/newer-file.ts'
import { isReservedSegment } from '../core/reserved.ts'
import type { KnownRoutes } from '../core/site-routes.ts'
import {
  checkImage,
  checkSectionIds,
  checkSectionList,
  pageAnchors,
  type SectionListContext,
} from '../landing/check.ts'
import { includedBindingProblems } from '../landing/included-bindings.ts'
import { checkLinks } from '../landing/links.ts'
import { checkCertificateBlock } from './certificate.ts'
import { bindingScope, linkFactsOf } from './facts.ts'
import { API_FAMILIES } from './families.ts'
import { checkJudging, judgingReason } from './judging.ts'
import { checkPhaseDates, checkYear, TIME_FORMAT_MSG } from './schedule.ts'
import { COMPETITION_SLUG_PATTERN, competitionSchema } from './schema.ts'
import type { Competition } from './types.ts'

/**
 * Checks every competitions/<slug>.json and says what is wrong in words staff understand: first the
 * shape (the same schema editors complete with), then what a schema cannot say — phases in order,
 * forms that exist, a fee where there is payment, a work form where works are added, unique slugs
 * and ids, images and includes that exist, page sections as landing pages check them.
 */
// verbose: an unknown field's error carries its schema, whose properties feed the did-you-mean.
const ajv = new Ajv2020({ allErrors: true, strict: false, verbose: true })
// Sections are checked by the landing checker, whose messages name the section; here they are any object.
const shape = ajv.compile({ ...competitionSchema(), $defs: { section: { type: 'object' } } })

/** Clearer words than the schema's for the mistakes staff are likely to make. */
function reason(error: Parameters<typeof explain>[0], definition: Record<string, unknown>): string {
  const p = error.params as Record<string, unknown>
  const judging = judgingReason(error.keyword, error.instancePath, error.data)
  if (judging !== undefined) return judging
  if (error.keyword === 'pattern' && error.instancePath.startsWith('/phases/')) return TIME_FORMAT_MSG
  if (error.keyword === 'required' && error.instancePath === '/pay' && p.missingProperty === 'fee')
    return '收费赛事必须写报名费 fee（单位：分，300 元写 30000）；免费赛事请删去整个 pay'
  // A misspelt family name gets its own message with a suggestion below; anything else (a number,
  // a list) would otherwise pass unreported.
  if (error.keyword === 'enum' && error.instancePath === '/api' && typeof definition.api === 'string')
    return ''
  return explain(error)
}

/** The fees a competition may plausibly charge, in fen: 10 元 to 5000 元. */
const FEE_BOUNDS = { min: 1000, max: 500_000 }

/** Why a fee (in fen) is out of bounds, naming the yuan and the unit; undefined when plausible. */
function implausibleFee(fee: number): string | undefined {
  const yuan = (fee / 100).toFixed(2)
  const bounds = `报名费应在 ${FEE_BOUNDS.min / 100} 元至 ${FEE_BOUNDS.max / 100} 元之间`
  if (fee > 0 && fee < FEE_BOUNDS.min)
    return `报名费只有 ${fee} 分（${yuan} 元）：金额单位是“分”，如果想收 ${fee} 元，请写 ${fee * 100}；${bounds}`
  if (fee > FEE_BOUNDS.max)
    return `报名费 ${fee} 分即 ${yuan} 元，超出常理：金额单位是“分”（300 元写 30000），多写了 0？${bounds}`
  return undefined
}

export interface CompetitionCheck {
  competitions: Competition[]
  errors: DefinitionError[]
  /** Likely mistakes that do not stop the site (printed by check:definitions, not refused at start). */
  warnings: DefinitionError[]
}

/**
 * Checks competitions/ under `root`; returns the valid definitions (with slugs), every problem and
 * every warning. `routes` (definitions/known-routes.ts) are where the pages' links may lead.
 */
export function checkCompetitions(
  root: string,
  fragments: Set<string>,
  routes: KnownRoutes,
): CompetitionCheck {
  const dir = path.join(root, 'competitions')
  const errors: DefinitionError[] = []
  const warnings: DefinitionError[] = []
  const competitions: Competition[] = []
  if (!fs.existsSync(dir)) return { competitions, errors, warnings }
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
    .sort()
  const slugs = new Map<string, string>()
  const sharedIds = newerOfSharedIds(root, files)
  let configFee: { fee: number; file: string } | undefined
  for (const name of files) {
    const shown = `competitions/${name}`
    const add = (at: string, message: string) => errors.push({ file: shown, path: at, message })
    const warn = (at: string, message: string) => warnings.push({ file: shown, path: at, message })
    const before = errors.length
    const slug = name.replace(/\.json$/, '')
    if (!COMPETITION_SLUG_PATTERN.test(slug))
      add('(文件名)', '文件名即网址 /<文件名>/index：只能用字母、数字和 -')
    else if (isReservedSegment(slug)) add('(文件名)', `“${slug}”是网站已有的网址，不能用作赛事文件名`)
    const other = slugs.get(slug.toLowerCase())
    if (other) add('(文件名)', `与 ${other} 的网址只差大小写，请换一个文件名`)
    slugs.set(slug.toLowerCase(), shown)

    const definition = readJsonFile(path.join(dir, name), shown, errors)
    if (!definition) continue
    if (definition.$schema !== './competition.schema.json')
      add('$schema', '应为 "./competition.schema.json"（编辑器据此提示字段）')
    if (!shape(definition)) {
      for (const error of shape.errors ?? []) {
        const at = jsonPath(error.instancePath).replace(/^\./, '') || '(文件)'
        const why = reason(error, definition)
        if (why) add(at, why)
      }
    }
    const d = definition as Partial<Competition> & Record<string, unknown>
    const ctx: SectionListContext = { root, file: shown, errors, fragments }

    if (typeof d.api === 'string' && !Object.hasOwn(API_FAMILIES, d.api))
      add(
        'api',
        `未知的接口“${d.api}”${didYouMean(d.api, Object.keys(API_FAMILIES))}。可用：${Object.keys(API_FAMILIES).join('、')}`,
      )

    const blame = typeof d.competitionId === 'number' ? sharedIds.get(shown) : undefined
    if (blame)
      add(
        'competitionId',
        `赛事编号 ${d.competitionId} 已被 ${blame.live} 使用，每个赛事的编号必须不同：请给本文件换一个新编号（不要改已上线赛事的编号）。${blame.why}`,
      )

    checkPhaseDates(d.phases, add)
    checkYear(d.year, d.phases, add)

    checkJudging(d, add, warn)

    if (d.forms && typeof d.forms === 'object') {
      for (const [step, form] of Object.entries(d.forms)) {
        if (typeof form === 'string' && !Object.hasOwn(FORMS, form))
          add(
            `forms.${step}`,
            `表单“${form}”不存在${didYouMean(form, Object.keys(FORMS))}。请使用 schemas/forms 中登记的表单名`,
          )
      }
    }
    if (d.works?.add === true && !d.forms?.workBase)
      add('forms.workBase', '允许提交作品（works.add 为 true）时必须写作品表单 forms.workBase')
    if (d.works?.manage === true && !d.forms?.workBase)
      add('forms.workBase', '有“管理作品”页（works.manage 为 true）时必须写作品表单 forms.workBase')

    const feeProblem = d.pay && typeof d.pay.fee === 'number' ? implausibleFee(d.pay.fee) : undefined
    if (feeProblem) add('pay.fee', feeProblem)
    if (d.pay && typeof d.pay.fee === 'number' && d.pay.source === 'config') {
      // Compared with the first file that names the site-wide fee, so each differing file is named once.
      if (!configFee) configFee = { fee: d.pay.fee, file: shown }
      else if (configFee.fee !== d.pay.fee)
        add(
          'pay.fee',
          `全站统一报名费（source 为 config）只能有一个金额：${configFee.file} 写的是 ${configFee.fee} 分，这里是 ${d.pay.fee} 分`,
        )
    }

    // Ranges: a propositional value may repeat neither another nor a default range (entrants pick
    // from both in one list), so both lists share one `seen`, each reported at its own path.
    const ranges = new Set<string>()
    for (const [list, label, seen] of [
      [d.entrantTypes, 'entrantTypes', new Set<string>()],
      [d.companyTypes, 'companyTypes', new Set<string>()],
      [d.ranges?.default, 'ranges.default', ranges],
      [d.ranges?.propositional, 'ranges.propositional', ranges],
    ] as const) {
      for (const [i, choice] of (Array.isArray(list) ? list : []).entries()) {
        const value = (choice as { value?: unknown })?.value
        if (typeof value !== 'string') continue
        if (seen.has(value)) add(`${label}[${i}].value`, `值“${value}”重复，每个选项的值必须不同`)
        seen.add(value)
      }
    }

    if (d.cover !== undefined) checkImage(d.cover, 'cover', ctx)
    if (d.shareImage !== undefined) {
      checkImage(d.shareImage, 'shareImage', ctx)
      const src = (d.shareImage as { src?: unknown }).src
      // WeChat, Weibo and Open Graph readers take PNG or JPEG, not the WebP the pages use.
      if (typeof src === 'string' && !/\.(jpe?g|png)$/i.test(src))
        add(
          'shareImage.src',
          '分享图必须是 JPEG 或 PNG（微信、微博不识别 WebP）；不写则使用自动绘制的分享卡片',
        )
    }
    // Bindings anywhere in the file — pages, description, share image — as the pages show them.
    for (const [at, why] of bindingProblems(d, bindingScope(d, true))) add(at, why)
    for (const page of ['index', 'preview'] as const) {
      const sections = (d.pages as Record<string, { sections?: unknown }> | undefined)?.[page]?.sections
      for (const [at, why] of includedBindingProblems(
        root,
        sections,
        `pages.${page}.sections`,
        bindingScope(d),
      ))
        add(at, why)
    }
    // Competition certificates: merge fields (definitions/competition/certificate.ts).
    for (const [at, why] of checkCertificateBlock(d.certificate)) add(at, why)
    for (const page of ['index', 'preview'] as const) {
      const written = (d.pages as Record<string, { sections?: unknown }> | undefined)?.[page]?.sections
      if (written === undefined) continue
      // `{{links.register}}` is checked as the address it stands for.
      const sections = fillBindings(written, linkFactsOf(slug))
      checkSectionList(sections, `pages.${page}.sections`, ctx)
      checkSectionIds(sections, `pages.${page}.sections`, ctx)
      checkLinks(sections, `pages.${page}.sections`, {
        root,
        file: shown,
        errors,
        routes,
        competition: slug,
        anchors: pageAnchors(sections, ctx),
      })
    }
    if (errors.length === before) competitions.push({ ...(d as unknown as Competition), slug })
  }
  return { competitions, errors, warnings }
}

/**
 * Which files to blame when competitions share an id: every file but the live one, each with why it
 * counts as new (definitions/core/newer-file.ts; competitions/README.md states the rule).
 */
function newerOfSharedIds(root: string, files: string[]): Map<string, { live: string; why: string }> {
  const byId = new Map<number, Claimant[]>()
  for (const name of files) {
    let parsed: { competitionId?: unknown; year?: unknown } | undefined
    try {
      parsed = JSON.parse(fs.readFileSync(path.join(root, 'competitions', name), 'utf8'))
    } catch {
      continue // the main loop reports a broken file
    }
    if (typeof parsed?.competitionId !== 'number') continue
    const claimant = {
      file: `competitions/${name}`,
      ...(typeof parsed.year === 'number' ? { year: parsed.year } : {}),
    }
    byId.set(parsed.competitionId, [...(byId.get(parsed.competitionId) ?? []), claimant])
  }
  const blamed = new Map<string, { live: string; why: string }>()
  for (const sharing of byId.values())
    if (sharing.length > 1) for (const [file, blame] of blameNewer(root, sharing)) blamed.set(file, blame)
  return blamed
}
