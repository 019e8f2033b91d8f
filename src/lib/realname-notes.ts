/** The four notes of the real-name dialog (SPEC §2 "Realname dialog"). */
export const REALNAME_NOTES = [
  '认证需填写真实有效的身份信息，虚假信息将导致认证失败并承担相应责任；',
  '仅中国大陆居民身份证持有人可使用作品确权服务；',
  '实名信息提交后不可修改，请仔细核对；',
  '一个账号只能绑定一个身份，一个身份只能认证一个账号。',
] as const

/** Shown when verification succeeds (SPEC §4 "Realname"). */
export const REALNAME_VERIFIED = '实名认证成功'

/** Width of the form dialog (SPEC §9). */
export const REALNAME_DIALOG_WIDTH = '630px'
