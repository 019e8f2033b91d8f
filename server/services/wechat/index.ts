import type { KeyRing } from '../key-ring.ts'
import type { RateLimits } from '../rate-limits.ts'
import type { WechatOAuth } from './provider.ts'
import { SandboxWechat } from './sandbox.ts'

/** WECHAT_PROVIDER names one of these; the WeChat Open Platform's website login is added here. */
const PROVIDERS: Record<string, (keys: KeyRing, rateLimits: RateLimits) => Promise<WechatOAuth>> = {
  sandbox: async (keys, rateLimits) => new SandboxWechat(await keys.key('wechat-sandbox'), rateLimits),
}

export function createWechatOAuth(name: string, keys: KeyRing, rateLimits: RateLimits): Promise<WechatOAuth> {
  const make = PROVIDERS[name]
  if (!make)
    throw new Error(`WECHAT_PROVIDER "${name}" is not known; known: ${Object.keys(PROVIDERS).join(', ')}`)
  return make(keys, rateLimits)
}
