import fs from 'node:fs'
import path from 'node:path'
import type { JudgingRound } from '../../../definitions/competition/judging.ts'
import { rankByRange, suggestAwards } from '../../../definitions/competition/scoring.ts'
import type { Competition } from '../../../definitions/competition/types.ts'
import { PAY_METHOD } from '../../../schemas/payment.ts'
import { recordUpload } from '../../services/file-records.ts'
import { roundEntries, roundResults } from '../../services/judging/entries.ts'
import { competitionProduct, Payments } from '../../services/payment/orders.ts'
import { grantRole } from '../../services/staff/roles.ts'
import type { FileStorage } from '../../services/storage.ts'
import type { Db } from '../connect.ts'
import { DEMO_CERTIFIED, DEMO_STAFF } from './demo-users.ts'
import { SEED_WORK_FILES } from './works.ts'

/**
 * Demo data only (README "Demo data"): a closed competition with published results, so 我的赛事, the
 * certificate and /<slug>/results have something to show. It applies to every competition whose
 * results time has passed, that defines judging and awards, and that has no entries and no
 * publication yet (in this repository: the 2025 青苔 competition; no slug is named in server code).
 * There it adds plainly fictional entrants (accounts with no usable password, names marked 示例) with
 * one work each in every regular range, the demo judges' roles and submitted sheets for every round,
 * the awards computed by the definitions' own ranking and award suggestions, and a publication at the
 * definition's results time. The demo designer enters too, with the work of their demo portfolio.
 * A competition with a fee has every entry paid by an order of the sandbox cashier (payDemoFees).
 * Everything is decided by index (no randomness), written in one transaction, and skipped once the
 * competition has entries or a publication, so restarts add nothing.
 */

const PER_RANGE = 14
/** The provider of the demo fees' orders: the offline sandbox cashier, never a real one. */
const DEMO_PROVIDER = 'sandbox'
const SURNAMES = ['林', '王', '周', '沈', '许', '陆', '顾', '唐', '韩', '程', '苏', '叶', '邵', '方']
const GIVEN = [
  '知夏',
  '亦舟',
  '书瑶',
  '景行',
  '若溪',
  '明远',
  '嘉禾',
  '沐阳',
  '清和',
  '一鸣',
  '思彤',
  '雨桐',
  '浩然',
  '子衿',
]
const WORK_NAMES: Record<number, string[]> = {
  0: [
    '折叠晾衣架',
    '保温午餐盒',
    '儿童安全剪刀',
    '模块化鞋柜',
    '单手开瓶器',
    '防滑浴室凳',
    '可收纳菜板',
    '桌面理线盒',
    '旅行分装瓶',
    '静音闹钟',
    '磁吸调料架',
    '便携雨伞套',
    '双层滤水壶',
    '壁挂钥匙盒',
  ],
  1: [
    '竹编灯罩',
    '蓝染坐垫',
    '锡器茶叶罐',
    '漆器首饰盒',
    '草编收纳篮',
    '紫砂香插',
    '木作书立',
    '夏布屏风',
    '陶土花器',
    '苏绣书签',
    '掐丝杯垫',
    '藤编摇篮',
    '榫卯小凳',
    '竹丝扇',
  ],
  2: [
    '再生塑料长椅',
    '咖啡渣花盆',
    '旧衣回收地垫',
    '纸浆缓冲包装',
    '秸秆餐具',
    '轮胎秋千',
    '菌丝体包装盒',
    '回收铝水壶',
    '贝壳砖花坛',
    '竹纤维收纳箱',
    '可降解快递袋',
    '旧木边桌',
    '瓶盖拼接凳',
    '废玻璃灯具',
  ],
  3: [
    '社区共享工具柜',
    '公交站遮阳座椅',
    '无障碍取件柜',
    '图书漂流亭',
    '楼道助行扶手',
    '快递临时存放架',
    '街角饮水点',
    '过街提示灯',
    '雨棚自行车架',
    '社区回收亭',
    '夜间导视灯柱',
    '便民充电亭',
    '分类指引牌',
    '口袋公园座椅',
  ],
}
const COMMENTS = [
  '造型语言统一，细节收口干净，量产可行性高。',
  '使用场景调研扎实，建议补充用户测试数据。',
  '结构巧妙，但材料成本偏高，可考虑替代方案。',
  '色彩与材质搭配克制，整体完成度很好。',
  '功能创新点明确，设计说明可以再简洁一些。',
  '',
  '可持续思路清晰，回收路径交代完整。',
  '展板信息层级清楚，建议增加关键尺寸标注。',
]
const COVERS = [
  'yunqi-tea-set.jpg',
  'xixi-bookmarks.jpg',
  'garden-lattice.png',
  'scooter-profile.png',
  'city-helmet.png',
  'pour-over-kettle.webp',
  'qiguang-lamp-detail-1.jpg',
  'yunqi-tea-set-detail.jpg',
  'xixi-bookmarks-detail.jpg',
  'qiguang-lamp-detail-2.jpg',
]
const DESIGNER_WORK = { name: '「栖光」折叠台灯', cover: 'qiguang-lamp.png' }

/** A score 0–max at one decimal, from a quality 0–10. */
const scoreOf = (quality: number, max: number) =>
  Math.round(Math.min(max, Math.max(0, (quality / 10) * max)) * 10) / 10
const plusMinutes = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString()

interface DemoEntry {
  userId: number
  name: string
  range: string
  worksName: string
  cover: { fileUrl: string; fileOgName: string }
  /** 0 best; decides the scores. */
  place: number
}

export async function seedDemoResults(deps: { db: Db; storage: FileStorage }): Promise<void> {
  const k = deps.db.kysely
  const rows = await k
    .selectFrom('competitions')
    .select(['id', 'slug', 'definition', 'results'])
    .where('active', '=', 1)
    .execute()
  for (const row of rows) {
    const c = { ...(JSON.parse(row.definition) as Competition), slug: row.slug }
    if (!c.judging || !c.awards || Date.parse(row.results) > Date.now()) continue
    const entered = await k
      .selectFrom('competition_registrations')
      .select('id')
      .where('competition_id', '=', row.id)
      .executeTakeFirst()
    const published = await k
      .selectFrom('result_publications')
      .select('competition_id')
      .where('competition_id', '=', row.id)
      .executeTakeFirst()
    if (entered || published) continue
    await seedCompetition(deps, c)
  }
}

async function seedCompetition(deps: { db: Db; storage: FileStorage }, c: Competition) {
  const k = deps.db.kysely
  const staff = await k
    .selectFrom('users')
    .select(['id', 'account'])
    .where('account', 'in', [...DEMO_STAFF.map((s) => s.account), DEMO_CERTIFIED])
    .orderBy('account')
    .execute()
  const judges = staff.filter((u) => DEMO_STAFF.some((s) => s.account === u.account && s.role === 'judge'))
  const admin = staff.find((u) => DEMO_STAFF.some((s) => s.account === u.account && s.role === 'admin'))
  const designer = staff.find((u) => u.account === DEMO_CERTIFIED)
  if (!judges.length || !admin) return
  for (const judge of judges)
    await grantRole(k, null, judge.id, { role: 'judge', competitionId: c.competitionId }, 'seed')

  // The pictures, stored once as uploads would be (the covers become public with the award).
  const stored = new Map<
    string,
    { fileUrl: string; fileOgName: string; file: Awaited<ReturnType<FileStorage['save']>> }
  >()
  for (const file of [...COVERS, DESIGNER_WORK.cover]) {
    const saved = await deps.storage.save(
      fs.createReadStream(path.join(SEED_WORK_FILES, file)),
      path.extname(file).slice(1),
    )
    stored.set(file, {
      fileUrl: `/api/files/${saved.name}`,
      fileOgName: `作品封面${path.extname(file)}`,
      file: saved,
    })
  }

  const ranges = c.ranges.default.slice(0, 4)
  // Entered the day before the submission deadline.
  const at = new Date(Date.parse(c.phases.submissionDeadline) - 86_400_000).toISOString()
  // Who entered: their fees are paid once the entries are written (payDemoFees).
  const entrants: number[] = []
  await k.transaction().execute(async (trx) => {
    const entries: DemoEntry[] = []
    for (const [r, range] of ranges.entries()) {
      for (let i = 0; i < PER_RANGE; i++) {
        const n = r * PER_RANGE + i + 1
        const name = `${SURNAMES[(i + r * 3) % SURNAMES.length]}${GIVEN[(i * 5 + r) % GIVEN.length]}（示例）`
        const user = await trx
          .insertInto('users')
          .values({
            account: `demo-entrant-${c.competitionId}-${String(n).padStart(3, '0')}`,
            email: null,
            password_hash: 'unusable:demo-entrant',
            username: name,
            nickname: null,
            profile_photo: null,
            money_fen: 0,
            integral: 0,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        const cover = stored.get(COVERS[n % COVERS.length]!)!
        entries.push({
          userId: user.id,
          name,
          range: range.value,
          worksName: (WORK_NAMES[r] ?? WORK_NAMES[0]!)[i]!,
          cover: { fileUrl: cover.fileUrl, fileOgName: cover.fileOgName },
          // The designer's lamp leads its range; everyone else follows in list order.
          place: r === 0 && designer ? i + 1 : i,
        })
      }
    }
    if (designer) {
      const cover = stored.get(DESIGNER_WORK.cover)!
      entries.push({
        userId: designer.id,
        name: '',
        range: ranges[0]!.value,
        worksName: DESIGNER_WORK.name,
        cover: { fileUrl: cover.fileUrl, fileOgName: cover.fileOgName },
        place: 0,
      })
    }
    const works = new Map<number, DemoEntry>()
    for (const [n, e] of entries.entries()) {
      const fileRow = [...stored.values()].find((s) => s.fileUrl === e.cover.fileUrl)!
      await recordUpload({ ...deps.db, kysely: trx } as Db, fileRow.file, e.cover.fileOgName, e.userId)
      const realName =
        e.name ||
        (
          await trx
            .selectFrom('users')
            .select('username')
            .where('id', '=', e.userId)
            .executeTakeFirstOrThrow()
        ).username
      const registration = await trx
        .insertInto('competition_registrations')
        .values({
          competition_id: c.competitionId,
          user_id: e.userId,
          entrant_type: c.entrantTypes[n % c.entrantTypes.length]!.value,
          company_type: c.companyTypes[n % c.companyTypes.length]!.value,
          qt_type: null,
          data: JSON.stringify({
            name: realName,
            companyName: `示例设计学院（示例）`,
            phone: `1370000${String(n).padStart(4, '0')}`,
            email: `demo-entrant-${n}@example.com`,
            address: `江苏省苏州市姑苏区示例路 ${n + 1} 号（示例）`,
            agree: true,
          }),
          works_count: 1,
          // Set by the fee's order (payDemoFees), as a real payment sets them.
          paid_order_id: null,
          paid_at: null,
          finalised_at: at,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const work = await trx
        .insertInto('competition_works')
        .values({
          competition_id: c.competitionId,
          user_id: e.userId,
          registration_id: registration.id,
          base: JSON.stringify({
            worksName: e.worksName,
            range: e.range,
            cover: e.cover,
            abstract: `${e.worksName}：演示数据中的虚构参赛作品，用于展示评审结果。`,
          }),
          info: JSON.stringify({ designConcept: `${e.worksName}的设计说明（示例）。` }),
          adviser: null,
          property_right: null,
          display_board: null,
          created_at: at,
          updated_at: at,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      works.set(work.id, e)
      entrants.push(e.userId)
    }

    const rounds = c.judging!.rounds
    for (const [index, round] of rounds.entries()) {
      const inRound = await roundEntries(trx, c, index)
      let minute = 0
      for (const { workId } of inRound) {
        const e = works.get(workId)!
        for (const [j, judge] of judges.entries()) {
          const submitted = plusMinutes(round.opens, ++minute)
          await trx
            .insertInto('judging_assignments')
            .values({
              competition_id: c.competitionId,
              round_id: round.id,
              work_id: workId,
              judge_id: judge.id,
              assigned_at: round.opens,
            })
            .execute()
          await trx
            .insertInto('judging_sheets')
            .values({
              competition_id: c.competitionId,
              round_id: round.id,
              work_id: workId,
              judge_id: judge.id,
              ...sheetOf(round, e.place, j),
              submitted: 1,
              created_at: submitted,
              updated_at: submitted,
              submitted_at: submitted,
            })
            .execute()
        }
      }
    }

    // The awards as the organisers' leaderboard suggests them from the last round's ranking.
    const last = rounds.length - 1
    const results = await roundResults(trx, rounds[last]!, c.competitionId, await roundEntries(trx, c, last))
    const ranking = rankByRange(results.map((r) => ({ item: r, result: r.result })))
    const decidedAt = c.phases.results
    const published = new Date(Date.parse(c.phases.results)).toISOString()
    for (const [range, ranked] of ranking) {
      const awardOf = new Map<number, { id: string; title: string }>()
      for (const s of suggestAwards(ranked, c.awards!.levels))
        for (const x of s.entries) awardOf.set(x.item.workId, { id: s.level.id, title: s.level.title })
      for (const x of ranked) {
        const award = awardOf.get(x.item.workId)
        await trx
          .insertInto('result_awards')
          .values({
            competition_id: c.competitionId,
            work_id: x.item.workId,
            registration_id: (
              await trx
                .selectFrom('competition_works')
                .select('registration_id')
                .where('id', '=', x.item.workId)
                .executeTakeFirstOrThrow()
            ).registration_id,
            range,
            result: String(x.result),
            rank: x.rank,
            award_id: award?.id ?? null,
            award_title: award?.title ?? null,
            decided_by: admin.id,
            decided_at: new Date(Date.parse(decidedAt) - 86_400_000).toISOString(),
          })
          .execute()
      }
    }
    await trx
      .insertInto('result_publications')
      .values({
        competition_id: c.competitionId,
        status: 'published',
        publish_at: published,
        published_at: published,
        published_by: admin.id,
        updated_at: published,
      })
      .execute()
  })
  await payDemoFees(deps.db, c, entrants, at)
}

/**
 * A competition with a required fee: each demo entrant pays it online (the sandbox cashier) on the
 * day they entered, through the payment code itself, so the entry reads 已缴费 and the order, the
 * bill and the points agree — a registration is paid only by a paid order (paid_order_id).
 */
async function payDemoFees(db: Db, c: Competition, userIds: number[], at: string): Promise<void> {
  if (!c.pay?.required || c.pay.fee <= 0) return
  const payments = new Payments(db.kysely)
  const when = new Date(at)
  for (const userId of userIds) {
    const product = competitionProduct(c.competitionId, c.title, c.pay.fee)
    const order = await payments.createPending(userId, product, PAY_METHOD.online, DEMO_PROVIDER, when)
    const notice = {
      orderNumber: order.orderNumber,
      tradeNo: `DEMO${order.orderNumber}`,
      amountFen: c.pay.fee,
    }
    await payments.applyNotice({ ...notice, outcome: 'paid' }, DEMO_PROVIDER, when)
  }
}

/** Judge j's sheet on a work at `place` (0 best): a little above or below the work's quality. */
function sheetOf(round: JudgingRound, place: number, j: number) {
  if (round.mode === 'qualifying') {
    // The last of each range fails: only one judge of three lets it pass.
    const pass = place < PER_RANGE - 1 || j === 0
    return { scores: '{}', pass: pass ? 1 : 0, comment: pass ? '' : '作品材料不完整。' }
  }
  const quality = 9.5 - place * 0.3 + [0.2, -0.1, -0.3, 0.1, 0][j % 5]!
  const scores = Object.fromEntries(
    round.criteria.map((criterion, ci) => [
      criterion.id,
      scoreOf(quality + (((place + j + ci) % 3) - 1) * 0.2, criterion.max),
    ]),
  )
  return { scores: JSON.stringify(scores), pass: null, comment: COMMENTS[(place * 3 + j) % COMMENTS.length]! }
}
