/**
 * Demo history videos (SPEC §2 /historyVideo): short animated title cards drawn by
 * scripts/draw-article-art.ts (public/content/videos/<slug>.mp4, covers <slug>.jpg). Events invented.
 */
export interface SeedVideo {
  slug: string
  title: string
  event: string
  year: number
  description: string
  publishedAt: string
  showcase?: boolean
}

export const VIDEOS: SeedVideo[] = [
  {
    slug: 'association-film',
    title: '云岭工业设计协会（示例）宣传片',
    event: '协会宣传片',
    year: 2026,
    description:
      '用几个镜头讲述协会为设计师提供的服务：认证、作品确权、竞赛与交流。本片为演示站点制作的动态标题片。',
    publishedAt: '2026-10-01T02:00:00.000Z',
    showcase: true,
  },
  {
    slug: 'design-week-2026',
    title: '2026 设计周开幕式',
    event: '设计周',
    year: 2026,
    description: '“日常的新样子”设计周开幕式片段：主题发布、展区导览与开幕对谈。',
    publishedAt: '2026-09-22T09:00:00.000Z',
  },
  {
    slug: 'award-ceremony-2026',
    title: '年度工业设计大赛颁奖典礼',
    event: '年度工业设计大赛',
    year: 2026,
    description: '颁奖典礼回顾：金奖作品介绍与评委点评。',
    publishedAt: '2026-06-28T11:00:00.000Z',
  },
  {
    slug: 'student-competition-2025',
    title: '大学生设计竞赛终评现场',
    event: '大学生设计竞赛',
    year: 2025,
    description: '入围终评的同学现场讲解方案，评委提问与点评。',
    publishedAt: '2025-12-12T08:00:00.000Z',
  },
  {
    slug: 'materials-salon-2025',
    title: '材料沙龙：竹纤维复合材料',
    event: '材料沙龙',
    year: 2025,
    description: '沙龙嘉宾展示竹纤维复合材料样件，讨论其性能与量产案例。',
    publishedAt: '2025-10-18T07:00:00.000Z',
  },
  {
    slug: 'council-founding-2023',
    title: '协会第三届理事会成立大会',
    event: '理事会换届',
    year: 2023,
    description: '第三届理事会成立大会回顾：选举结果与新一届工作计划。',
    publishedAt: '2023-11-06T02:00:00.000Z',
  },
  {
    slug: 'factory-visit-2024',
    title: '设计师走进工厂',
    event: '企业参访',
    year: 2024,
    description: '认证设计师参访会员制造企业，了解从图纸到产品的每一道工序。',
    publishedAt: '2024-05-20T06:00:00.000Z',
  },
  {
    slug: 'first-design-week-2022',
    title: '首届设计周回顾',
    event: '设计周',
    year: 2022,
    description: '回看第一届设计周：一个展厅、十二场活动和最初的一批参展设计师。',
    publishedAt: '2022-10-10T06:00:00.000Z',
  },
]

/** Every demo clip is this long (scripts/draw-article-art.ts draws them so). */
export const VIDEO_SECONDS = 4
