/** Masks a name for someone else's eyes: 林晓 → 林*, 陈思远 → 陈*远, 用户3456 → 用***56. */
export function maskName(name: string): string {
  const chars = [...name]
  if (chars.length <= 2) return `${chars[0] ?? ''}*`
  if (chars.length === 3) return `${chars[0]}*${chars[2]}`
  return `${chars[0]}${'*'.repeat(chars.length - 3)}${chars.slice(-2).join('')}`
}

/** An account as it may be shown to someone holding a link: 138****0003, c***@example.com, 微信账号. */
export function maskAccount(account: string): string {
  if (/^1\d{10}$/.test(account)) return `${account.slice(0, 3)}****${account.slice(-4)}`
  const at = account.indexOf('@')
  if (at > 0) return `${account.slice(0, 1)}***${account.slice(at)}`
  if (account.startsWith('wx_')) return '微信账号'
  return maskName(account)
}
