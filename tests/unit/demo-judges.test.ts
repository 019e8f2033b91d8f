import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEMO_STAFF, demoUsers } from '../../server/db/seed/demo-users.ts'
import { anonymousJudge } from '../../server/services/results/published.ts'

const README = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8')
const judges = DEMO_STAFF.filter((s) => s.role === 'judge').map(
  (s) => demoUsers.find((u) => u.account === s.account)!.username,
)

/**
 * Entrants read the judges' comments as 评委一, 评委二… (numbered per work in the order the comments
 * came, never who). The demo judges are people with names, so the README's account table and the
 * comments in 我的赛事 use one naming for judges: the anonymous one.
 */
describe('the demo judges', () => {
  it('are not named like the anonymous labels entrants see', () => {
    const labels = Array.from({ length: 12 }, (_, i) => anonymousJudge(i + 1))
    for (const name of judges) {
      expect(name).not.toMatch(/^评委/)
      expect(labels.some((label) => name.includes(label))).toBe(false)
    }
  })

  it('are the names the README gives them, and the README names no judge 评委甲/乙/丙', () => {
    for (const name of judges) expect(README).toContain(name)
    expect(README).not.toMatch(/评委[甲乙丙]/)
  })
})
