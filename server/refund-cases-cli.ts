import { parseArgs } from 'node:util'
import { formatYuan } from '../schemas/payment.ts'
import { readConfig } from './config.ts'
import { connect } from './db/connect.ts'
import { migrate } from './db/migrate.ts'
import { listOpenRefundCases, markRefunded } from './services/payment/refund-cases.ts'

// `npm run refund-cases`: the open refund cases of the configured database, oldest first, one a line.
// `npm run refund-cases -- --refunded <id> --note "<the provider's refund number>"`: records one as
// refunded once the money went back through the provider's own console (README "Payments").
const { values } = parseArgs({ options: { refunded: { type: 'string' }, note: { type: 'string' } } })
const beijing = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ') : '-'

const config = readConfig()
const db = connect(config)
try {
  await migrate(db)
  if (values.refunded !== undefined) {
    const id = Number(values.refunded)
    if (!Number.isInteger(id) || id <= 0) throw new Error('--refunded takes the number of a case (#12 → 12)')
    const done = await markRefunded(db.kysely, id, values.note ?? '')
    console.log(done ? `#${id} 已记为已退款` : `#${id} 不是待退款的案件`)
    process.exitCode = done ? 0 : 1
  } else {
    const cases = await listOpenRefundCases(db.kysely)
    for (const c of cases) {
      console.log(
        [
          `#${c.id}`,
          c.orderNumber,
          `${c.provider}:${c.providerTradeNo ?? '-'}`,
          `${c.account} ${c.username}`,
          `¥${formatYuan(c.amountFen)}`,
          c.reason,
          c.competition ?? '-',
          `支付于 ${beijing(c.paidAt)}（北京时间）`,
        ].join('  '),
      )
    }
    console.log(cases.length ? `${cases.length} 件待退款` : '没有待退款的案件')
  }
} finally {
  await db.kysely.destroy()
}
