/** Strings the tests expect verbatim, written once (SPEC §2 Shell: the avatar dropdown, logout last). */
export const SPEC_USER_MENU = [
  '认证信息',
  '竞赛证书',
  '确权作品',
  '我的账户',
  '我的订单',
  '收货地址',
  '个人设置',
  '退出登录',
]
