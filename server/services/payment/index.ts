import type { KeyRing } from '../key-ring.ts'
import type { PaymentProvider } from './provider.ts'
import { SandboxPaymentProvider } from './sandbox.ts'

/** PAYMENT_PROVIDER names one of these; a real provider is added here (README "Payments"). */
const PROVIDERS: Record<string, (keys: KeyRing) => Promise<PaymentProvider>> = {
  sandbox: async (keys) => new SandboxPaymentProvider(await keys.key('payment-sandbox')),
}

export function createPaymentProvider(name: string, keys: KeyRing): Promise<PaymentProvider> {
  const make = PROVIDERS[name]
  if (!make) {
    throw new Error(`PAYMENT_PROVIDER "${name}" is not known; known: ${Object.keys(PROVIDERS).join(', ')}`)
  }
  return make(keys)
}
