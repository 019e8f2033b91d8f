import fs from 'node:fs'
import path from 'node:path'
import { recordUpload } from '../../services/file-records.ts'
import type { NotaryProvider } from '../../services/notary/provider.ts'
import type { FileStorage } from '../../services/storage.ts'
import { registerWork, sha256OfFile } from '../../services/works/register.ts'
import type { Db } from '../connect.ts'

/** Where the demo works' files live (drawn by scripts/draw-seed-works.ts, committed). */
export const SEED_WORK_FILES = path.resolve(import.meta.dirname, 'files/works')

interface SeedWork {
  account: string
  file: string
  /** The name the designer's disk gave it (display only). */
  originalName: string
  images?: string[]
  worksName: string
  worksType: string
  tag: string
  worksAbstract?: string
}

/**
 * Demo rights-confirmed works, fictional, across the two mainland-verified demo designers (陈思远 and
 * 周可) and all four file types: images, a video, text and other files.
 */
export const SEED_WORKS: SeedWork[] = [
  {
    account: '13800000001',
    file: 'qiguang-lamp.png',
    originalName: '栖光折叠台灯-主视图.png',
    images: ['qiguang-lamp-detail-1.jpg', 'qiguang-lamp-detail-2.jpg'],
    worksName: '「栖光」折叠台灯',
    worksType: '2',
    tag: '台灯,极简,铝合金,可折叠',
    worksAbstract:
      '一盏可以完全折平收进抽屉的桌面台灯。灯臂采用两段式阻尼转轴，展开后照射半径约 45 厘米；灯罩内侧做了磨砂漫反射处理，减少眩光。主体为阳极氧化铝，配色取自苏州老宅的黛瓦与米白粉墙。',
  },
  {
    account: '13800000001',
    file: 'qiguang-lamp-motion.mp4',
    originalName: '栖光台灯-折叠结构演示.mp4',
    worksName: '「栖光」台灯折叠结构演示',
    worksType: '1',
    tag: '结构演示,转轴,动画',
    worksAbstract: '用四秒的动画说明灯臂从收纳状态展开到工作角度的过程，以及两段转轴各自承担的角度范围。',
  },
  {
    account: '13800000001',
    file: 'tingchao-speaker.txt',
    originalName: '听潮蓝牙音箱-设计说明.txt',
    worksName: '「听潮」蓝牙音箱设计说明',
    worksType: '2',
    tag: '音箱,设计说明,声学',
    worksAbstract: '一份完整的设计说明：从用户访谈出发，到造型、声学腔体与材料选择的取舍。',
  },
  {
    account: '13800000001',
    file: 'yunqi-tea-set.jpg',
    originalName: '云栖茶具套装.jpg',
    images: ['yunqi-tea-set-detail.jpg'],
    worksName: '「云栖」旅行茶具套装',
    worksType: '9',
    tag: '茶具,旅行,陶瓷',
    worksAbstract:
      '一壶两杯一茶海，叠放后直径不超过 12 厘米，可装进随身的棉麻收纳袋。壶盖兼作杯托，杯身的指槽让烫手的青瓷也能稳稳拿住。',
  },
  {
    account: '13800000001',
    file: 'garden-lattice.png',
    originalName: '园林窗格纹样集.png',
    worksName: '苏州园林窗格纹样集',
    worksType: '3',
    tag: '纹样,园林,平面',
    worksAbstract:
      '从沧浪亭、留园等园林的漏窗中整理出的十二种几何纹样，重新绘制为可用于包装与织物的连续图案。',
  },
  {
    account: '13800000001',
    file: 'kids-chair-study.pdf',
    originalName: '儿童学习椅人机尺寸研究.pdf',
    worksName: '儿童学习椅人机尺寸研究',
    worksType: '7',
    tag: '家具,人机工程,儿童',
    worksAbstract: '6 至 12 岁儿童坐姿尺寸的整理与可调节学习椅的尺寸建议，附调节范围的推导过程。',
  },
  {
    account: '13800000001',
    file: 'city-helmet.png',
    originalName: '城市骑行头盔概念.png',
    worksName: '城市骑行头盔概念设计',
    worksType: '1',
    tag: '头盔,骑行,概念设计',
    worksAbstract: '面向通勤骑行者的轻量头盔：后部集成尾灯，侧面的导流槽兼顾通风与雨天排水。',
  },
  {
    account: '13800000003',
    file: 'xixi-bookmarks.jpg',
    originalName: '西溪书签系列.jpg',
    images: ['xixi-bookmarks-detail.jpg'],
    worksName: '「西溪」湿地文创书签系列',
    worksType: '9',
    tag: '文创,书签,黄铜',
    worksAbstract: '以西溪湿地的芦苇、白鹭与柿子为题材的黄铜蚀刻书签，一套四枚，配手工染色的丝带。',
  },
  {
    account: '13800000003',
    file: 'pillbox-interaction.txt',
    originalName: '智能药盒交互原型说明.txt',
    worksName: '智能药盒交互原型说明',
    worksType: '11',
    tag: '交互设计,适老化,原型',
    worksAbstract: '为独居老人设计的七格智能药盒：提醒、确认与家属通知三段流程的交互说明。',
  },
  {
    account: '13800000003',
    file: 'scooter-profile.png',
    originalName: '电动滑板车外观造型.png',
    worksName: '电动滑板车外观造型',
    worksType: '6',
    tag: '交通工具,电动滑板车,外观',
    worksAbstract: '一体式折叠立管与隐藏式线缆走向，车身侧面的腰线延续到后挡泥板，整体造型更轻盈。',
  },
  {
    account: '13800000003',
    file: 'tea-brand-packaging.zip',
    originalName: '茶饮品牌包装视觉规范.zip',
    worksName: '「山间」茶饮品牌包装视觉规范',
    worksType: '5',
    tag: '包装设计,品牌,视觉规范',
    worksAbstract: '品牌主色、辅助图形与杯套、纸袋、外卖封签的应用规范源文件（SVG）。',
  },
  {
    account: '13800000003',
    file: 'pour-over-kettle.webp',
    originalName: '手冲咖啡壶.webp',
    worksName: '「细流」手冲咖啡壶',
    worksType: '2',
    tag: '咖啡壶,不锈钢,手冲',
    worksAbstract:
      '鹅颈壶嘴的出水口收窄到 4 毫米，水流细而稳；壶把与壶身之间留出隔热间隙，满壶时重心落在手腕正下方。',
  },
]

/** A seed file put into the file store as an upload would be, owned by the designer. */
async function store(db: Db, storage: FileStorage, ownerId: number, file: string, originalName: string) {
  const ext = path.extname(file).slice(1)
  const stored = await storage.save(fs.createReadStream(path.join(SEED_WORK_FILES, file)), ext)
  await recordUpload(db, stored, originalName, ownerId)
  return { fileUrl: `/api/files/${stored.name}`, fileOgName: originalName }
}

/**
 * Registers the demo works through the same service as POST /api/works/add, so their hashes,
 * timestamp tokens, chain records and certificates are real. Idempotent: a work whose file is already
 * registered is skipped, so a restart adds nothing.
 */
export async function seedWorks(deps: {
  db: Db
  storage: FileStorage
  notary: NotaryProvider
}): Promise<void> {
  const k = deps.db.kysely
  const registered = new Set(
    (await k.selectFrom('rights_works').select('file_sha256').execute()).map((r) => r.file_sha256),
  )
  for (const work of SEED_WORKS) {
    if (registered.has(await sha256OfFile(path.join(SEED_WORK_FILES, work.file)))) continue
    const user = await k
      .selectFrom('users')
      .select('id')
      .where('account', '=', work.account)
      .executeTakeFirst()
    const eligible = user
      ? await k
          .selectFrom('realname_auths')
          .select('user_id')
          .where('user_id', '=', user.id)
          .where('rights_eligible', '=', 1)
          .executeTakeFirst()
      : undefined
    if (!user || !eligible) continue
    const worksFile = await store(deps.db, deps.storage, user.id, work.file, work.originalName)
    const images = []
    for (const [i, image] of (work.images ?? []).entries())
      images.push(await store(deps.db, deps.storage, user.id, image, `细节图${i + 1}${path.extname(image)}`))
    await registerWork(deps, user.id, {
      worksFile,
      images,
      worksName: work.worksName,
      worksType: work.worksType,
      tag: work.tag,
      worksAbstract: work.worksAbstract,
    })
  }
}
