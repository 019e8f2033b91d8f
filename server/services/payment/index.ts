import { secretKey } from '../../lib/secret-file.ts'
import type { PaymentProvider } from './provider.ts'
import { SandboxPaymentProvider } from './sandbox.ts'

/** PAYMENT_PROVIDER names one of these; a real provider is added here (README "Payments"). */
const PROVIDERS: Record<string, (dataDir: string) => PaymentProvider> = {
  sandbox: (dataDir) =>
    new SandboxPaymentProvider(secretKey(dataDir, 'payment-sandbox', process.env.PAYMENT_SANDBOX_KEY)),
}

export function createPaymentProvider(name: string, dataDir: string): PaymentProvider {
  const make = PROVIDERS[name]
  if (!make) {
    throw new Error(`PAYMENT_PROVIDER "${name}" is not known; known: ${Object.keys(PROVIDERS).join(', ')}`)
  }
  return make(dataDir)
}
