import { Box } from '@chakra-ui/react'
import { QRCodeSVG } from 'qrcode.react'
import { useEffect, useState } from 'react'
import { toAddress } from '../../lib/paths.ts'

const SIZE = 180

/**
 * A QR code of the portal's home address as the visitor reached it (the server cannot know the host
 * name used), drawn once the page runs. Loaded lazily, so only this page ships the encoder.
 */
export default function PortalQr() {
  const [url, setUrl] = useState<string>()
  useEffect(() => setUrl(`${window.location.origin}${toAddress('/')}`), [])
  if (!url) return <Box w={`${SIZE}px`} h={`${SIZE}px`} />
  return <QRCodeSVG value={url} size={SIZE} level="H" title="咖簿网手机版二维码" data-testid="app-qr" />
}
