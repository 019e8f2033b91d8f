// Only the work detail imports qrcode.react here, lazily, so pages without a work's QR code skip it.
import { QRCodeSVG } from 'qrcode.react'
import { WORK_QR_SIZE_PX } from '../../lib/constants.ts'

/** The QR code of a work's verification address (SPEC §2, §9): 100 × 100, high error correction. */
export default function WorkQr({ value }: { value: string }) {
  return (
    <QRCodeSVG
      value={value}
      size={WORK_QR_SIZE_PX}
      level="H"
      title="扫码核验作品存证"
      data-testid="work-qr"
      data-url={value}
    />
  )
}
