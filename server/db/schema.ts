import type { Generated } from 'kysely'

/**
 * Table types for Kysely. Timestamps are ISO-8601 strings and flags are 0/1 integers so one set of
 * migrations and queries behaves the same on SQLite and PostgreSQL.
 */
export interface UserTable {
  id: Generated<number>
  account: string
  email: string | null
  password_hash: string
  username: string
  nickname: string | null
  profile_photo: string | null
  /** Balance in fen (1/100 yuan), so money never passes through floating point. */
  money_fen: number
  integral: number
  created_at: string
}

export interface SessionTable {
  id: Generated<number>
  user_id: number
  /** sha256 of the token: a leaked database does not hand out live sessions. */
  token_hash: string
  created_at: string
  expires_at: string
  revoked_at: string | null
}

export interface MenuTable {
  id: Generated<number>
  key: string
  title: string
  url: string
  hot: number
  sort: number
}

export interface PartnerTable {
  id: Generated<number>
  key: string
  name: string
  logo: string
  url: string | null
  sort: number
}

export interface Database {
  users: UserTable
  sessions: SessionTable
  menus: MenuTable
  partners: PartnerTable
}
