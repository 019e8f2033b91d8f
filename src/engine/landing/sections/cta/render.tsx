import { Box, Heading, Stack, Text } from '@chakra-ui/react'
import type { CtaProps } from '../../../../../definitions/landing/sections/cta.ts'
import { CJK_HEADING_WRAP } from '../../../../lib/cjk-wrap.ts'
import { ActionButtons, type Surface } from '../../parts/actions.tsx'
import { SectionFrame } from '../../parts/frame.tsx'

// The button colours per background live with the hero's buttons, so both sections link the same way.
// "brand" and "light" are shades of the page's palette (colorPalette.*), so a green page closes green.
const TONES: Record<CtaProps['tone'], { bg: string; color: string; circle: string; surface: Surface }> = {
  brand: { bg: 'colorPalette.700', color: 'white', circle: 'whiteAlpha.200', surface: 'dark' },
  accent: { bg: 'accent.500', color: 'white', circle: 'whiteAlpha.200', surface: 'accent' },
  light: { bg: 'colorPalette.50', color: 'colorPalette.950', circle: 'colorPalette.100', surface: 'light' },
}

/** A call to action on a coloured band: one sentence, a line of text, up to three buttons. */
export default function Cta({ title, text, tone, actions, palette }: CtaProps) {
  const look = TONES[tone]
  return (
    <SectionFrame>
      <Box
        position="relative"
        overflow="hidden"
        colorPalette={palette}
        bg={look.bg}
        color={look.color}
        borderRadius="2xl"
        px={{ base: 6, md: 14 }}
        py={{ base: 10, md: 14 }}
        textAlign="center"
      >
        {/* Two soft circles give the flat band some depth without an image to load. */}
        <Box
          position="absolute"
          boxSize="64"
          borderRadius="full"
          bg="whiteAlpha.200"
          top="-24"
          insetEnd="-16"
        />
        <Box
          position="absolute"
          boxSize="40"
          borderRadius="full"
          bg="whiteAlpha.100"
          bottom="-16"
          insetStart="-10"
        />
        <Stack position="relative" gap="4" align="center" maxW="3xl" mx="auto">
          <Heading as="h2" size={{ base: '2xl', md: '3xl' }} {...CJK_HEADING_WRAP}>
            {title}
          </Heading>
          {text && (
            <Text fontSize={{ base: 'md', md: 'lg' }} opacity={0.9} lineHeight="tall">
              {text}
            </Text>
          )}
          <Box pt="2">
            <ActionButtons actions={actions} surface={look.surface} justify="center" />
          </Box>
        </Stack>
      </Box>
    </SectionFrame>
  )
}
