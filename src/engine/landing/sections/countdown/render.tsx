import { Box, Flex, Heading, Text } from '@chakra-ui/react'
import type { CountdownProps } from '../../../../../definitions/landing/sections/countdown.ts'
import { formatBeijing } from '../../../../../schemas/beijing-time.ts'
import { SectionFrame } from '../../parts/frame.tsx'
import { useNow } from './use-now.ts'

const UNITS = [
  { label: '天', ms: 86_400_000, mod: Number.POSITIVE_INFINITY },
  { label: '时', ms: 3_600_000, mod: 24 },
  { label: '分', ms: 60_000, mod: 60 },
  { label: '秒', ms: 1000, mod: 60 },
] as const

/**
 * Days, hours, minutes and seconds to the target on a band in the page's palette; once it has
 * passed, the ended text instead (a pale orange: the accent itself is too dark on the band).
 */
export default function Countdown({ title, target, endedText, note, palette }: CountdownProps) {
  const at = Date.parse(target)
  const left = Math.max(0, at - useNow(at))
  return (
    <SectionFrame>
      <Box
        colorPalette={palette}
        bgGradient="to-br"
        gradientFrom="colorPalette.950"
        gradientTo="colorPalette.700"
        color="white"
        borderRadius="2xl"
        px={{ base: 5, md: 12 }}
        py={{ base: 8, md: 12 }}
        textAlign="center"
      >
        <Heading as="h2" size={{ base: 'xl', md: '2xl' }}>
          {title}
        </Heading>
        {left > 0 ? (
          // A timer, not a live region: reading out every second would drown a screen reader.
          <Flex role="timer" justify="center" gap={{ base: 2, md: 4 }} mt={{ base: 6, md: 8 }}>
            {UNITS.map((unit) => (
              <Box
                key={unit.label}
                w={{ base: 16, md: 24 }}
                py={{ base: 3, md: 4 }}
                bg="whiteAlpha.100"
                borderWidth="1px"
                borderColor="whiteAlpha.200"
                borderRadius="xl"
              >
                <Text
                  fontSize={{ base: '2xl', md: '5xl' }}
                  fontWeight="bold"
                  lineHeight="1"
                  fontVariantNumeric="tabular-nums"
                >
                  {String(Math.floor(left / unit.ms) % unit.mod).padStart(2, '0')}
                </Text>
                <Text mt="2" fontSize={{ base: 'xs', md: 'sm' }} opacity={0.75}>
                  {unit.label}
                </Text>
              </Box>
            ))}
          </Flex>
        ) : (
          <Text mt="5" fontSize={{ base: 'lg', md: '2xl' }} fontWeight="semibold" color="orange.200">
            {endedText}
          </Text>
        )}
        {Number.isFinite(at) && (
          <Text mt={{ base: 5, md: 6 }} fontSize={{ base: 'sm', md: 'md' }} opacity={0.85}>
            {/* Targets are written in Beijing time for visitors in China: shown so on any device clock. */}
            <time dateTime={target}>{formatBeijing(at, { weekday: true })}</time>
          </Text>
        )}
        {note && (
          <Text mt="1" fontSize="sm" opacity={0.7}>
            {note}
          </Text>
        )}
      </Box>
    </SectionFrame>
  )
}
