import fs from 'node:fs'
import path from 'node:path'
import { COMPETITION_SLUG_PATTERN } from '../definitions/competition/schema.ts'
import type { CompetitionDefinition } from '../definitions/competition/types.ts'
import { isReservedSegment } from '../definitions/core/reserved.ts'

/**
 * `npm run new:competition -- <slug>`: writes competitions/<slug>.json, a definition that passes
 * `npm run check:definitions` as written — next year's phases, the next free competitionId, the
 * standard forms, an index page (banner, introduction, timeline, shared rules, FAQ, call to register;
 * its dates and fee written as {{phases.…}} and {{pay.fee}} bindings, filled from the definition)
 * and a preview page — with a cover and banner copied from public/competitions/_template/ into
 * public/competitions/<slug>/ until real artwork replaces them. Staff then edit the file
 * (competitions/README.md explains every field).
 */
export class ScaffoldError extends Error {}

const TEMPLATE_IMAGES = ['cover.webp', 'hero.webp'] as const

function existingDefinitions(root: string): Array<{ slug: string; competitionId?: unknown }> {
  const dir = path.join(root, 'competitions')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
    .map((f) => {
      const slug = f.replace(/\.json$/, '')
      try {
        return { slug, ...(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as object) }
      } catch {
        return { slug } // a broken file keeps its slug; check:definitions reports it
      }
    })
}

/** The definition new:competition writes for `slug`, with ids and dates from `root` and `now`. */
export function competitionTemplate(slug: string, competitionId: number, now: Date): CompetitionDefinition {
  const year = now.getUTCFullYear() + 1
  const at = (date: string, time: string) => `${year}-${date}T${time}:00+08:00`
  const image = (file: string, alt: string, width: number, height: number) => ({
    src: `/competitions/${slug}/${file}`,
    alt,
    width,
    height,
  })
  const title = `${year} 新赛事（请修改名称）`
  const register = `/${slug}/base/infomation`
  return {
    $schema: './competition.schema.json',
    competitionId,
    title,
    shortTitle: '新赛事',
    year,
    description:
      '用一两句话介绍本届赛事：主办单位、面向人群、参赛类别、是否收费，会显示在搜索结果和分享卡片中。',
    cover: image('cover.webp', `${title}封面`, 1200, 675),
    phases: {
      registrationOpens: at('03-01', '09:00'),
      registrationCloses: at('06-30', '17:00'),
      submissionDeadline: at('08-31', '17:00'),
      results: at('11-20', '10:00'),
    },
    api: 'default',
    entrantTypes: [
      { value: 'personal', label: '个人' },
      { value: 'team', label: '团队（不超过 5 人）' },
    ],
    companyTypes: [
      { value: 'university', label: '高等院校' },
      { value: 'enterprise', label: '企业设计部门' },
      { value: 'studio', label: '设计公司 / 工作室' },
      { value: 'other', label: '其他' },
    ],
    ranges: {
      default: [
        { value: 'product', label: '产品设计' },
        { value: 'concept', label: '概念设计' },
      ],
    },
    forms: {
      registration: 'competition-registration',
      workBase: 'competition-work-base',
      workInfo: 'competition-work-info',
      adviser: 'competition-adviser',
      propertyRight: 'competition-property-right',
      displayBoard: 'competition-display-board',
    },
    works: { add: true, manage: true, max: 3 },
    organizers: { host: ['青湾工业设计协会（示例）'] },
    // Judging (competitions/README.md “评审”): a qualifying round, then a scored final; dates inside the phases.
    judging: {
      rounds: [
        {
          id: 'qualify',
          title: '资格审查',
          opens: at('09-01', '09:00'),
          closes: at('09-15', '17:00'),
          mode: 'qualifying',
          consensus: 'majority',
          entries: 'allSubmitted',
          judgesPerEntry: 3,
        },
        {
          id: 'final',
          title: '终评',
          opens: at('09-20', '09:00'),
          closes: at('11-10', '17:00'),
          mode: 'score',
          criteria: [
            { id: 'innovation', title: '创新性', max: 10, weight: 0.4 },
            { id: 'function', title: '功能与体验', max: 10, weight: 0.3 },
            { id: 'aesthetics', title: '美学与造型', max: 10, weight: 0.3 },
          ],
          result: 'trimmedMean',
          entries: 'passedPrevious',
          judgesPerEntry: 3,
        },
      ],
    },
    awards: {
      levels: [
        { id: 'gold', title: '金奖', count: 1 },
        { id: 'silver', title: '银奖', count: 2 },
        { id: 'bronze', title: '铜奖', count: 3 },
        { id: 'merit', title: '优秀奖', count: 5 },
      ],
    },
    pages: {
      index: {
        sections: [
          {
            type: 'hero',
            props: {
              kicker: '{{year}} · 作品征集',
              title: '{{title}}',
              subtitle: '一句话说明本届赛事的主题',
              background: image('hero.webp', '赛事主视觉', 1600, 700),
              // Bindings: the dates and the fee come from phases and pay, so they cannot disagree.
              meta: [
                {
                  label: '报名时间',
                  value: '{{phases.registrationOpens.date}} — {{phases.registrationCloses.date}}',
                },
                { label: '报名费', value: '{{pay.fee}}' },
              ],
              actions: [
                { label: '立即报名', href: register },
                { label: '作品预览', href: `/${slug}/preview`, variant: 'secondary' },
              ],
            },
          },
          {
            type: 'richText',
            id: 'intro',
            props: {
              title: '大赛介绍',
              blocks: [{ kind: 'paragraph', text: '在这里介绍赛事的背景、主题、面向人群和亮点。' }],
            },
          },
          {
            type: 'timeline',
            id: 'timeline',
            props: {
              title: '赛程安排（北京时间）',
              variant: 'milestones',
              items: [
                { time: '{{phases.registrationOpens}}', title: '报名开始' },
                { time: '{{phases.registrationCloses}}', title: '报名截止' },
                { time: '{{phases.submissionDeadline}}', title: '作品提交截止' },
                { time: '{{phases.results}}', title: '结果公布' },
              ],
            },
          },
          { include: 'competition/how-to-enter' },
          { include: 'competition/rules' },
          { include: 'competition/ip-statement' },
          {
            type: 'faq',
            id: 'faq',
            props: {
              items: [
                { q: '参赛是否收费？', a: '本届报名费：{{pay.fee}}。' },
                {
                  q: '什么时候截止？',
                  a: '报名截止：{{phases.registrationCloses}}；作品提交截止：{{phases.submissionDeadline}}（北京时间）。',
                },
              ],
            },
          },
          {
            type: 'cta',
            id: 'register',
            props: { title: '现在报名', actions: [{ label: '立即报名', href: register }] },
          },
        ],
      },
      preview: {
        sections: [
          {
            type: 'gallery',
            id: 'works',
            props: {
              title: '作品预览',
              columns: 2,
              images: [
                {
                  image: image('cover.webp', '示例图片', 1200, 675),
                  caption: '示例图片：请换成往届或样例作品',
                },
                {
                  image: image('hero.webp', '示例图片', 1600, 700),
                  caption: '示例图片：请换成往届或样例作品',
                },
              ],
            },
          },
        ],
      },
    },
  }
}

/** Writes competitions/<slug>.json and its placeholder images under `root`; throws ScaffoldError in Chinese. */
export function scaffoldCompetition(
  root: string,
  slug: string | undefined,
  now = new Date(),
): { file: string; definition: CompetitionDefinition } {
  if (!slug || !COMPETITION_SLUG_PATTERN.test(slug))
    throw new ScaffoldError(
      '用法：npm run new:competition -- <slug>（只能用字母、数字和 -，它就是网址 /<slug>/index，如 2027qingtaiCompetition）',
    )
  if (isReservedSegment(slug))
    throw new ScaffoldError(`“${slug}”是网站已有的网址，不能用作赛事文件名，请换一个`)
  const existing = existingDefinitions(root)
  const same = existing.find((d) => d.slug.toLowerCase() === slug.toLowerCase())
  if (same)
    throw new ScaffoldError(
      same.slug === slug
        ? `competitions/${slug}.json 已存在：要改它请直接编辑，要办下一届请换一个文件名`
        : `已有 competitions/${same.slug}.json，网址只差大小写，请换一个文件名`,
    )
  const ids = existing.map((d) => d.competitionId).filter((id): id is number => Number.isInteger(id))
  const competitionId = Math.max(100, ...ids) + 1
  const definition = competitionTemplate(slug, competitionId, now)

  const from = path.join(root, 'public/competitions/_template')
  const to = path.join(root, 'public/competitions', slug)
  fs.mkdirSync(to, { recursive: true })
  for (const image of TEMPLATE_IMAGES)
    if (!fs.existsSync(path.join(to, image))) fs.copyFileSync(path.join(from, image), path.join(to, image))
  const file = path.join(root, 'competitions', `${slug}.json`)
  fs.writeFileSync(file, `${JSON.stringify(definition, null, 2)}\n`)
  return { file, definition }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename
if (isMain) {
  const root = path.resolve(import.meta.dirname, '..')
  const slug = process.argv[2]
  try {
    const { definition } = scaffoldCompetition(root, slug)
    console.log(`已创建 competitions/${slug}.json（赛事编号 ${definition.competitionId}）→ 网址 /${slug}/index
封面和横幅暂用占位图，已复制到 public/competitions/${slug}/：上线前必须换成本届的图片（正式网站拒绝带着占位图启动）。

接下来：
  1. 打开 competitions/${slug}.json，修改 title、shortTitle、description 和 year；
  2. 确认 competitionId（${definition.competitionId}）与后台的赛事编号一致，上线后不要再改；
  3. 按本届安排修改 phases 里的四个时间（北京时间，必须带 +08:00）；
  4. 收费赛事加上 pay（报名费单位是“分”：300 元写 30000）；免费赛事不写 pay；
  5. 修改 entrantTypes、companyTypes、ranges（参赛身份、单位类型、参赛类别）和 organizers；
  6. 编写 pages.index（赛事首页）和 pages.preview（作品预览页），换上本届的图片；
  7. 按评审方案修改 judging（评审轮次）和 awards（奖项），见 competitions/README.md“评审”；
  8. 运行 npm run check:definitions，直到没有错误；
  9. 提交文件，在管理后台“定义文件”页点“重新读取定义文件”或运行 npm run definitions:reload（或请开发同事发布），新赛事即可访问，无需重启或重新构建。
字段说明见 competitions/README.md。`)
  } catch (error) {
    if (!(error instanceof ScaffoldError)) throw error
    console.error(error.message)
    process.exit(slug && COMPETITION_SLUG_PATTERN.test(slug) ? 1 : 2)
  }
}
