import { Box, Flex, Text } from '@chakra-ui/react'
// Only this section imports qrcode.react, so the encoder ships with pages that show a QR code and no others.
import { QRCodeSVG } from 'qrcode.react'
import { useEffect, useState } from 'react'
import type { QrCodeProps } from '../../../../../definitions/landing/sections/qr-code.ts'
import { toAddress } from '../../../../lib/paths.ts'
import { SectionFrame } from '../../parts/frame.tsx'

/** A site path (/application/…) becomes a full address on this site, so a phone's camera opens it. */
function qrValue(value: string, origin: string): string {
  if (!value.startsWith('/') || value.startsWith('//')) return value
  return `${origin}${toAddress(value)}`
}

const QR_SIZE = 160

/**
 * The origin is the browser's: the server does not know which host name the visitor used, so a QR
 * code of a site path is drawn once the page is live, in a box of its final size.
 */
function QrImage({ value, label }: { value: string; label: string }) {
  const [origin, setOrigin] = useState<string>()
  useEffect(() => setOrigin(window.location.origin), [])
  const local = value.startsWith('/') && !value.startsWith('//')
  if (local && !origin) return <Box w={`${QR_SIZE}px`} h={`${QR_SIZE}px`} role="img" aria-label={label} />
  return <QRCodeSVG value={qrValue(value, origin ?? '')} size={QR_SIZE} level="H" title={label} />
}

/** QR codes drawn in the page from their text (no image files); level H still scans when printed small. */
export default function QrCode({ title, items }: QrCodeProps) {
  return (
    <SectionFrame title={title}>
      <Flex wrap="wrap" justify="center" gap={{ base: 4, md: 8 }}>
        {items.map((item) => (
          <Box
            key={item.value}
            w={{ base: 'full', sm: '64' }}
            maxW="64"
            bg="bg"
            borderWidth="1px"
            borderColor="border"
            borderRadius="2xl"
            p="6"
            textAlign="center"
          >
            <Box
              display="inline-flex"
              p="2"
              bg="white"
              borderRadius="lg"
              borderWidth="1px"
              borderColor="brand.100"
            >
              <QrImage value={item.value} label={item.label} />
            </Box>
            <Text mt="4" fontWeight="semibold" fontSize="lg">
              {item.label}
            </Text>
            {item.caption && (
              <Text mt="1" fontSize="sm" color="fg.muted" lineHeight="tall">
                {item.caption}
              </Text>
            )}
          </Box>
        ))}
      </Flex>
    </SectionFrame>
  )
}
