import { secretKey } from '../../lib/secret-file.ts'
import type { RateLimits } from '../rate-limits.ts'
import type { WechatOAuth } from './provider.ts'
import { SandboxWechat } from './sandbox.ts'

/** WECHAT_PROVIDER names one of these; the WeChat Open Platform's website login is added here. */
const PROVIDERS: Record<string, (dataDir: string, rateLimits: RateLimits) => WechatOAuth> = {
  sandbox: (dataDir, rateLimits) =>
    new SandboxWechat(secretKey(dataDir, 'wechat-sandbox', process.env.WECHAT_SANDBOX_KEY), rateLimits),
}

export function createWechatOAuth(name: string, dataDir: string, rateLimits: RateLimits): WechatOAuth {
  const make = PROVIDERS[name]
  if (!make)
    throw new Error(`WECHAT_PROVIDER "${name}" is not known; known: ${Object.keys(PROVIDERS).join(', ')}`)
  return make(dataDir, rateLimits)
}
