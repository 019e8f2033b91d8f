import type { WorkCard, WorkDetail } from '../../../schemas/api/works.ts'

/*
 * Made-up works for the stories of the work card and detail view only (the app reads the API). The
 * people, studios and numbers are invented; pictures are the repository's own demo artwork.
 */

const creator = {
  id: 7,
  username: '陈思远',
  profilePhoto: 'avatars/designer-01.svg',
  evaluateStandard: '3',
  cityId: '320505',
  cityNames: ['江苏省', '苏州市'],
  professional: '1',
  inDirectory: true,
}

const HASH = '3f9a1c0b7e52d4a86c21f0e9b3d7a5c4e1f08b62d9a3c7e5f1b04d8a26c9e7f3'

const STORY_TEXT =
  '《山居茶器》是一组为小户型茶空间设计的器物：一把侧把壶、两只品杯和一方可以折叠收纳的竹制茶盘。设计从江南老宅里的“半窗”出发，' +
  '壶身的弧线取自檐口的滴水，盖钮做成一枚松果，方便单手提起。茶盘分为上下两层，上层沥水，下层收纳杯具，折叠后厚度不足四厘米，' +
  '可以放进书架。材料选用本地回收的毛竹与低温烧制的白泥，表面只做一道草木灰釉，保留手作的温度。整组器物经过三轮打样与二十余位' +
  '茶友的试用，调整了出水角度和杯沿厚度，使注水时不挂壶、不烫手。'

export const detailBase: WorkDetail = {
  id: 1001,
  mine: false,
  worksName: '山居茶器（示例）',
  worksType: '2',
  worksHashTime: '2026-11-20T06:32:10.000Z',
  worksHash: HASH,
  worksAbstract: STORY_TEXT,
  tag: '茶器,竹制,可折叠,小户型',
  fileType: 1,
  userName: '陈思远',
  qrCodeUrl: `/works/verify?hash=${HASH}`,
  filesList: [
    { fileUrl: 'landing/demo/photo.webp', fileOgName: '山居茶器-主图.webp', filePrimary: 1 },
    { fileUrl: 'landing/demo/poster.webp', fileOgName: '细节一.webp', filePrimary: 0 },
    { fileUrl: 'landing/demo/banner.webp', fileOgName: '细节二.webp', filePrimary: 0 },
    { fileUrl: 'landing/demo/portrait.webp', fileOgName: '使用场景.webp', filePrimary: 0 },
  ],
  userBaseVO: creator,
}

/** What the owner gets: mine, the panel's fields. */
export const ownerFields = {
  mine: true,
  fileSize: 1536,
  org: '咖簿网本地存证服务（演示）',
  certificateStorageNo: 'KBW-DEMO-0001001',
  certificateUrl: '/api/works/1001/certificate',
  packageUrl: '/api/works/1001/package',
} satisfies Partial<WorkDetail>

const POEM =
  '说明书的第一行写着：请在清晨使用。\n\n这是一份为共享工作台撰写的使用守则，共十二条。它规定了借用工具时如何登记、归还时如何清点，' +
  '也写下了一些不容易写进制度的东西——比如把最后一卷胶带留给下一个人，把锯末扫进左手边的桶，把没做完的模型贴上名字和日期。' +
  '守则用第二人称写成，语气温和，每一条都附有一个真实发生过的小故事。它在工作室墙上挂了两年，被改过七次，这是第八版。' +
  '我们把它登记下来，是想证明这些句子是谁写的，也想让更多的共享空间可以拿去改成自己的版本。\n\n' +
  '第一条：进门先看白板。白板上写着今天谁在用激光切割机、谁预约了打印机，以及哪一台砂带机正在等零件。' +
  '如果你要用的设备已经有人预约，请在名字后面写上你的时段，而不是直接把别人的材料挪开。' +
  '第二条：工具墙上的每一个空位都有轮廓线，借走什么，轮廓线就空着，归还时让它重新被填满。' +
  '第三条：离开前留五分钟清扫，把台面恢复成你来时希望看到的样子。'

export const textWork: WorkDetail = {
  ...detailBase,
  id: 1002,
  worksName: '共享工作台使用守则（示例）',
  fileType: 3,
  tag: '文字,空间运营',
  worksAbstract: undefined,
  filesList: [{ fileUrl: '/api/files/demo.txt', fileOgName: '守则第八版.txt', filePrimary: 1, txt: POEM }],
}

export const videoWork: WorkDetail = {
  ...detailBase,
  id: 1003,
  worksName: '折叠茶盘结构演示（示例）',
  fileType: 2,
  tag: '视频',
  filesList: [{ fileUrl: '/api/files/demo.mp4', fileOgName: '结构演示.mp4', filePrimary: 1 }],
}

export const fileWork: WorkDetail = {
  ...detailBase,
  id: 1004,
  worksName: '茶盘结构三维模型（示例）',
  fileType: 4,
  tag: '三维模型',
  worksAbstract: '可直接用于打样的 STEP 模型，含上下两层与铰链。',
  filesList: [{ fileUrl: '/api/files/demo.step', fileOgName: '茶盘结构-v3.step', filePrimary: 1 }],
}

/** A tif work: browsers draw no tif, so the server's rendition is shown and the original offered. */
export const tifWork: WorkDetail = {
  ...detailBase,
  id: 1005,
  worksName: '山居茶器印刷稿（示例）',
  tag: '印刷,四色',
  filesList: [
    {
      fileUrl: '/api/files/demo.tif',
      fileOgName: '山居茶器-印刷稿.tif',
      filePrimary: 1,
      thumbUrl: 'landing/demo/photo.webp',
      previewUrl: 'landing/demo/photo.webp',
    },
  ],
}

/** A work of a verified creator who is not (yet) a certified designer: no directory page. */
export const uncertifiedCreatorWork: WorkDetail = {
  ...detailBase,
  id: 1007,
  userName: '周可',
  userBaseVO: {
    id: 3,
    username: '周可',
    cityId: '110105',
    cityNames: ['北京市', '朝阳区'],
    professional: '1',
    inDirectory: false,
  },
}

/** An eps that carries no preview: the server has no picture to draw, so the file is offered. */
export const epsWithoutPreviewWork: WorkDetail = {
  ...detailBase,
  id: 1006,
  worksName: '茶器标志矢量稿（示例）',
  tag: '标志,矢量',
  filesList: [{ fileUrl: '/api/files/demo.eps', fileOgName: '茶器标志.eps', filePrimary: 1 }],
}

const card = (
  id: number,
  worksName: string,
  fileType: number,
  fileUrl: string,
  worksType: string,
): WorkCard => ({
  id,
  fileUrl,
  worksName,
  worksType,
  fileType,
  userId: 7,
  userName: '陈思远',
  profilePhoto: 'avatars/designer-01.svg',
  createTime: '2026-11-20T06:32:10.000Z',
})

export const cards: WorkCard[] = [
  card(1001, '山居茶器（示例）', 1, 'landing/demo/photo.webp', '2'),
  card(1003, '折叠茶盘结构演示（示例）', 2, '', '1'),
  card(1002, '共享工作台使用守则（示例）', 3, '', '3'),
  card(1004, '茶盘结构三维模型（示例）', 4, '', '1'),
  {
    ...card(1005, '城市骑行头盔（示例）', 1, 'landing/demo/poster.webp', '6'),
    userName: '林晓',
    profilePhoto: undefined,
  },
]
