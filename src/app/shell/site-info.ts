// Only `identity` is imported: Vite turns a JSON file's top-level keys into named exports, so the
// partner list in the same file stays out of the shell's bundle (the carousel gets it from the API).
import { identity } from '../../../content/site.json'

/** The operator's details shown in the footer (SPEC §2 Shell), from content/site.json — see README "Site identity". */
export const SITE_INFO = identity

export const AGREEMENT_LINKS = [
  { key: 'user', label: '用户协议' },
  { key: 'private', label: '隐私政策' },
  { key: 'disclaimer', label: '免责声明' },
] as const
