import { paths } from '../../lib/paths.ts'

/** The service card that opens the real-name dialog instead of linking. */
export const REALNAME_SERVICE = paths.authIndex.path

/** What the home page says about the platform; links point at the portal's own sections. */
export const SERVICES = [
  {
    title: '实名认证',
    text: '提交真实有效的身份信息完成实名核验，一个账号对应一个身份，是认证与确权的前提。',
    to: paths.authIndex.path,
    mark: '01',
  },
  {
    title: '设计师年度认证',
    text: '缴纳年度认证费用后获得协会认证资格，有效期一年，证书可在线查询与核验。',
    to: paths.certification.path,
    mark: '02',
  },
  {
    title: '作品确权',
    text: '作品文件生成哈希并加盖可信时间戳，出具公证存证证书，同步写入区块链存证记录。',
    to: paths.worksIndex.path,
    mark: '03',
  },
  {
    title: '设计竞赛',
    text: '参加协会主办的年度设计大赛：在线报名、提交作品、缴纳报名费并领取获奖证书。',
    to: paths.events.path,
    mark: '04',
  },
] as const

export const RIGHTS_STEPS = [
  { title: '上传作品', text: '图片、视频、文本或设计文件，原件只在您的账户中可见。' },
  { title: '生成哈希', text: '平台计算作品文件的数字指纹，任何改动都会使哈希改变。' },
  { title: '可信时间戳', text: '采用国家授时中心标准时间，证明作品在该时刻已经存在。' },
  { title: '公证存证', text: '公证云电子数据保管平台出具存证证书，可在线核验。' },
  { title: '区块链记录', text: '存证摘要写入区块链，提供独立的验证入口。' },
] as const

export const DIRECTORY_LINKS = [
  { title: '设计师名录', text: '按认证等级、地区与专业查找认证设计师', to: paths.designers.path },
  { title: '确权作品', text: '浏览已完成确权的原创设计作品', to: paths.worksIndex.path },
  { title: '设计人才', text: '发现院校与企业的优秀设计人才', to: paths.talents.path },
  { title: '设计报价', text: '参考各类设计服务的市场报价', to: paths.quotation.path },
] as const
