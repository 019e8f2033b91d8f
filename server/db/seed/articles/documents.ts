/**
 * Demo documents (SPEC §2 /others/downloadword/{id}): files in content/documents/, written by
 * scripts/draw-article-art.ts (the PDFs with the server's CJK PDF helper, the Word files as plain
 * OOXML). The size is read from the file when seeding.
 */
export interface SeedDocument {
  slug: string
  title: string
  /** File in content/documents/. */
  file: string
  /** The name the visitor's download is saved under. */
  fileName: string
  description: string
  membersOnly: boolean
  publishedAt: string
  /** The text the generator writes into the file: a title then paragraphs ('## ' starts a heading). */
  content: string[]
}

export const DOCUMENTS: SeedDocument[] = [
  {
    slug: 'design-service-contract',
    title: '设计服务合同示范文本（修订版）',
    file: 'design-service-contract.docx',
    fileName: '设计服务合同示范文本（修订版）.docx',
    description:
      '协会法律工作组修订的设计服务合同示范文本：分阶段验收、修改次数、源文件交付与成果权属条款。仅供参考，双方可按项目调整。',
    membersOnly: true,
    publishedAt: '2026-07-30T02:00:00.000Z',
    content: [
      '设计服务合同示范文本（修订版）',
      '本文本由云岭工业设计协会（示例）法律工作组编写，仅供参考，不构成法律意见。',
      '## 第一条 服务内容',
      '乙方按本合同附件所列范围为甲方提供设计服务，分为调研、概念、深化、工程四个阶段。',
      '## 第二条 阶段验收与付款',
      '每一阶段完成后，甲方应在收到交付物之日起五个工作日内书面确认验收或提出修改意见；逾期未提出的，视为该阶段验收通过。各阶段付款比例为 30%、30%、30%、10%。',
      '## 第三条 修改次数',
      '每一阶段包含两次免费修改。超出部分按双方约定的人天单价计费。',
      '## 第四条 源文件交付',
      '甲方付清全部款项后，乙方交付最终方案的源文件，范围见附件。',
      '## 第五条 成果权属',
      '委托成果的著作权自甲方付清全部款项之日起归甲方所有；乙方在本项目前已有的素材、方法与工具，其权利仍归乙方。乙方可在作品集中展示本项目，但应在产品公开发布之后。',
    ],
  },
  {
    slug: 'certification-guide',
    title: '设计师认证申请指南',
    file: 'certification-guide.pdf',
    fileName: '设计师认证申请指南.pdf',
    description: '从实名认证、缴纳认证费到获取电子证书的完整流程，以及各认证等级的基本条件。',
    membersOnly: false,
    publishedAt: '2026-02-18T02:00:00.000Z',
    content: [
      '设计师认证申请指南',
      '本指南介绍在咖簿网申请设计师认证的步骤。认证有效期为一年，可在线续期。',
      '## 第一步 实名认证',
      '登录后在个人中心填写实名信息。只有中国大陆居民身份证持有人可以使用作品确权服务；实名信息提交后不可修改，一个账号对应一个身份。',
      '## 第二步 缴纳认证费',
      '在缴费页面选择账户余额、在线支付或扫码支付。余额不足时，余额支付不可选。',
      '## 第三步 获取证书',
      '缴费成功后，系统生成电子证书，可在个人中心查看与下载，并可在证书查验页面公开核验。',
      '## 认证等级',
      '认证等级从助理设计师到设计大师共六级，评定综合从业年限、代表作品、竞赛获奖与专利等情况。',
    ],
  },
  {
    slug: 'competition-board-template',
    title: '竞赛展板模板与排版说明',
    file: 'competition-board-guide.docx',
    fileName: '竞赛展板模板与排版说明.docx',
    description: '年度工业设计大赛展板的尺寸、版式与文字要求，附七条排版建议。',
    membersOnly: false,
    publishedAt: '2026-03-05T03:00:00.000Z',
    content: [
      '竞赛展板模板与排版说明',
      '展板尺寸为 A0 竖版（841 × 1189 毫米），分辨率不低于 150 dpi，以 JPG 或 PDF 格式提交。',
      '## 版式要求',
      '展板上方放置作品名称与一句话说明；中部为主图与使用场景；下方为结构、尺寸与材质说明。展板上不得出现参赛者姓名、院校或单位名称。',
      '## 七条建议',
      '一张主图；一句话说明问题；场景图优先；关键尺寸用简图；材质与工艺写具体；字号不小于 24 pt；说明文字不超过 300 字。',
    ],
  },
  {
    slug: 'rights-confirmation-handbook',
    title: '作品确权登记操作手册',
    file: 'rights-confirmation-handbook.pdf',
    fileName: '作品确权登记操作手册.pdf',
    description:
      '如何在本站登记作品、下载存证证书与证据包，以及如何用标准工具核验时间戳。仅向登录会员直接提供，会员可生成分享链接。',
    membersOnly: true,
    publishedAt: '2026-10-09T02:00:00.000Z',
    content: [
      '作品确权登记操作手册',
      '作品确权登记为设计作品提供可核验的时间与内容证据。只有中国大陆居民身份证实名认证的用户可以登记。',
      '## 登记作品',
      '在“我的—确权作品”中上传作品主文件与说明图片，填写作品名称、类型、标签与简介后提交。系统计算主文件的 SHA-256 哈希值，生成权利声明文件并取得可信时间戳。',
      '## 证书与证据包',
      '登记完成后可下载 A4 存证证书（含二维码）与证据包。证据包内含原始文件、哈希清单、存证证书与签名时间戳。',
      '## 公开核验',
      '任何人都可以在公开核验页面上传文件或粘贴哈希值，查看它是否与已登记作品一致以及登记时间。',
    ],
  },
]
