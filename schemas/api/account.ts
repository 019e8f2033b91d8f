import type { FromSchema } from 'json-schema-to-ts'
import { anyText, boolean, integer, listOf, object, text } from './json.ts'

// Sign-in, the signed-in user and invitations (SPEC §3, §6, §7 Account). How to add a type:
// schemas/api/json.ts.

/** POST /login and POST /register data: the new session's token. */
export const sessionTokenSchema = object({ token: text(128) })
export type SessionToken = FromSchema<typeof sessionTokenSchema>

/** SPEC §3 "User info": GET /my/getUserBase data, what the header and the user store read. */
export const userInfoSchema = object({
  id: integer,
  username: text(128),
  nickname: text(128),
  profilePhoto: text(300),
  /** False for an account made by WeChat sign-in that has not set a password yet. */
  hasPassword: boolean,
  /** True while the account's first sign-in lasts (sign-up, or WeChat's first scan): greet, don't welcome back. */
  firstSignIn: boolean,
})
export type UserInfo = FromSchema<typeof userInfoSchema>

/** GET /my/getInviteInfo data: one's invite code and link, and whom they brought (names masked). */
export const inviteInfoSchema = object({
  inviteCode: text(16),
  inviteUrl: anyText,
  invitedCount: integer,
  invited: listOf(object({ username: text(64), createTime: text(32) })),
})
export type InviteInfo = FromSchema<typeof inviteInfoSchema>

/** GET /wx/authorize data: the WeChat authorisation page's address (shown as a QR code) and its state. */
export const wechatAuthorizeSchema = object({ url: anyText, state: text(128) })
export type WechatAuthorize = FromSchema<typeof wechatAuthorizeSchema>

/** POST /my/handoff data: a one-time link that signs another browser in (SPEC §2 /redirect). */
export const handoffLinkSchema = object({ link: anyText, expiresAt: text(32) })
export type HandoffLink = FromSchema<typeof handoffLinkSchema>

/** GET /handoff/info data: whom a hand-off link would sign in, masked, for the page that asks to confirm. */
export const handoffInfoSchema = object({ username: text(64), account: text(128), expiresAt: text(32) })
export type HandoffInfo = FromSchema<typeof handoffInfoSchema>
