import { Box, Container, Heading, Image, Stack, Text } from '@chakra-ui/react'
import type { HeroProps } from '../../../../../definitions/landing/sections/hero.ts'
import { CJK_HEADING_WRAP } from '../../../../lib/cjk-wrap.ts'
import { assetUrl } from '../../../../lib/paths.ts'
import { ActionButtons } from '../../parts/actions.tsx'
import { MetaChips } from './meta-chips.tsx'

/** Full-bleed banner at the top of a page; its background is the page's largest image, so it loads first. */
export default function Hero({
  kicker,
  title,
  subtitle,
  background,
  theme,
  align,
  meta,
  actions,
  palette,
}: HeroProps) {
  const dark = theme === 'dark'
  const centered = align === 'center'
  const justify = centered ? 'center' : 'flex-start'
  return (
    // The page's palette tints the band and the veil over the picture, so a green banner is not
    // washed blue; the buttons below keep the warm accent.
    <Box
      position="relative"
      overflow="hidden"
      colorPalette={palette}
      color={dark ? 'white' : 'colorPalette.950'}
      bgGradient="to-br"
      gradientFrom={dark ? 'colorPalette.950' : 'colorPalette.50'}
      gradientTo={dark ? 'colorPalette.700' : 'white'}
    >
      {background && (
        <Image
          src={assetUrl(background.src)}
          alt={background.alt}
          htmlWidth={background.width}
          htmlHeight={background.height}
          loading="eager"
          fetchPriority="high"
          decoding="async"
          position="absolute"
          inset="0"
          w="full"
          h="full"
          fit="cover"
        />
      )}
      {background && (
        // Keeps the text readable whatever the picture: darker (or lighter) behind the text side.
        <Box
          position="absolute"
          inset="0"
          bgGradient={centered ? 'to-b' : 'to-r'}
          gradientFrom={dark ? 'colorPalette.950/90' : 'white/90'}
          gradientTo={dark ? 'colorPalette.950/45' : 'white/55'}
        />
      )}
      <Container position="relative" maxW="6xl" py={{ base: 16, md: 28 }}>
        <Stack
          gap={{ base: 4, md: 6 }}
          maxW="3xl"
          mx={centered ? 'auto' : '0'}
          align={justify}
          textAlign={centered ? 'center' : 'start'}
        >
          {kicker && (
            <Text
              fontSize={{ base: 'sm', md: 'md' }}
              fontWeight="semibold"
              letterSpacing="wider"
              color={dark ? 'accent.400' : 'accent.600'}
            >
              {kicker}
            </Text>
          )}
          <Heading
            as="h1"
            size={{ base: '3xl', md: '5xl', lg: '6xl' }}
            lineHeight="1.15"
            {...CJK_HEADING_WRAP}
          >
            {title}
          </Heading>
          {subtitle && (
            <Text fontSize={{ base: 'md', md: 'xl' }} lineHeight="tall" opacity={0.9} maxW="2xl">
              {subtitle}
            </Text>
          )}
          <MetaChips meta={meta} dark={dark} justify={justify} />
          {actions.length > 0 && (
            <Box pt={{ base: 2, md: 4 }}>
              <ActionButtons actions={actions} surface={dark ? 'dark' : 'light'} justify={justify} />
            </Box>
          )}
        </Stack>
      </Container>
    </Box>
  )
}
