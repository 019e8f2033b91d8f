/** The operator's details shown in the footer (SPEC §2 Shell). */
export const SITE_INFO = {
  company: '苏州咖簿网络科技有限公司',
  address: '江苏省苏州市工业园区星湖街328号创意产业园12幢',
  icp: '苏ICP备2021012345号-1',
  police: '苏公网安备32059002003456号',
  contacts: [
    { label: '服务热线', value: '0512-6288 0000（工作日 9:00–17:30）' },
    { label: '认证咨询', value: 'cert@kabu.example' },
    { label: '赛事合作', value: 'contest@kabu.example' },
  ],
} as const

export const AGREEMENT_LINKS = [
  { key: 'user', label: '用户协议' },
  { key: 'private', label: '隐私政策' },
  { key: 'disclaimer', label: '免责声明' },
] as const
