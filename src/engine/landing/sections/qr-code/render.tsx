import { Box, Container, Flex, Heading, Text } from '@chakra-ui/react'
// Only this section imports qrcode.react, so the encoder ships with pages that show a QR code and no others.
import { QRCodeSVG } from 'qrcode.react'
import type { QrCodeProps } from './index.ts'

/** QR codes drawn in the page from their text (no image files); level H still scans when printed small. */
export default function QrCode({ title, items }: QrCodeProps) {
  return (
    <Container maxW="6xl" py={{ base: 10, md: 16 }} data-landing-frame="">
      {title && (
        <Heading as="h2" size="2xl" mb={{ base: 6, md: 8 }}>
          {title}
        </Heading>
      )}
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
              <QRCodeSVG value={item.value} size={160} level="H" title={item.label} />
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
    </Container>
  )
}
