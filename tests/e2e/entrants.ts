import path from 'node:path'
import Database from 'better-sqlite3'
import { inject } from 'vitest'
import { hashPassword } from '../../server/lib/passwords.ts'

/**
 * A fresh account straight in the e2e server's database (sign-up has its own tests), so a flow starts
 * from nothing: no registration, no works, `moneyFen` of balance.
 */
export async function newEntrant(account: string, password: string, moneyFen = 0): Promise<string> {
  const db = new Database(path.join(inject('e2eDataDir'), 'kabu.db'))
  try {
    db.prepare(
      `insert into users (account, password_hash, username, money_fen, integral, created_at)
       values (?, ?, ?, ?, 0, ?)`,
    ).run(
      account,
      await hashPassword(password),
      `参赛者${account.slice(-4)}`,
      moneyFen,
      new Date().toISOString(),
    )
  } finally {
    db.close()
  }
  return account
}
