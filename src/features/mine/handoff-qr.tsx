// Loaded when a QR code is asked for, so the personal area does not ship the encoder otherwise.
import { QRCodeSVG } from 'qrcode.react'

export default function HandoffQr({ link }: { link: string }) {
  return (
    <QRCodeSVG value={link} size={180} level="M" title="在其他设备登录的二维码" data-testid="handoff-qr" />
  )
}
