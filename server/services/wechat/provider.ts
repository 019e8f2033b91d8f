/**
 * WeChat sign-in (SPEC §6 login source 1) behind an adapter (README "WeChat sign-in"). The portal
 * sends the visitor to the provider's authorisation page with a state it signed; the provider sends
 * the browser back to /authorizeWx with a one-time code, which the server exchanges for the WeChat
 * user. A real provider is the WeChat Open Platform's website login (qrconnect + sns/oauth2).
 */
export interface WechatUser {
  /** Stable per user and app: the account is bound to it. */
  openid: string
  nickname: string
}

export interface WechatOAuth {
  readonly name: string
  /**
   * Whether the sign-in may finish in another browser than the one that showed the QR code. A real
   * website login (qrconnect) sends the same browser back, so its sign-ins are bound to it; the
   * sandbox's QR code opens on a phone.
   */
  readonly crossDevice: boolean
  /** The page whose QR code the visitor scans; it returns to `redirectUri` with code and state. */
  authorizeUrl(options: { state: string; redirectUri: string }): string
  /** The user behind a code, or null when the code is unknown, used, expired or forged. */
  exchange(code: string): Promise<WechatUser | null>
}
