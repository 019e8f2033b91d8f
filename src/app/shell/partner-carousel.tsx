import { Box, Flex, HStack, Image, SimpleGrid, Text } from '@chakra-ui/react'
import { startTransition, useEffect, useState } from 'react'
import { getPartners, type Partner } from '../../api/site.ts'
import { CAROUSEL } from '../../lib/constants.ts'
import { assetUrl } from '../../lib/paths.ts'
import { PARTNER_CAROUSEL_HEIGHT } from './partner-height.ts'

/** Splits the logos over the fixed number of slides (42 logos → 3 slides of 14). */
export function toSlides<T>(items: T[], slides: number): T[][] {
  const perSlide = Math.ceil(items.length / slides)
  return Array.from({ length: slides }, (_, i) => items.slice(i * perSlide, (i + 1) * perSlide)).filter(
    (s) => s.length,
  )
}

/**
 * "青禾设计社（示例）" → ["青禾设计社", "（示例）"]: the bracketed note is kept whole, so a narrow tile
 * breaks the line before it rather than inside it.
 */
export function splitNote(name: string): [string, string] {
  const at = name.lastIndexOf('（')
  return at > 0 && name.endsWith('）') ? [name.slice(0, at), name.slice(at)] : [name, '']
}

/**
 * One partner: its logo as a small mark and its name as text. Text wraps (up to three lines fit the
 * tile) and keeps a readable size on every screen, where a logo carrying the name was shrunk with
 * the tile and long names were cut. The tile's height is fixed, so the reserved carousel height holds.
 */
function PartnerTile({ partner }: { partner: Partner }) {
  const [name, note] = splitNote(partner.name)
  return (
    <Box
      h="12"
      borderWidth="1px"
      borderRadius="md"
      bg="bg"
      display="flex"
      alignItems="center"
      gap={{ base: '1.5', lg: '2' }}
      px={{ base: '1.5', lg: '2.5' }}
      overflow="hidden"
    >
      <Image
        src={assetUrl(partner.logo)}
        // The name is written beside the mark; an alt text would make screen readers say it twice.
        alt=""
        loading="lazy"
        // Seven tiles to a row leave no room for a mark on tablets; phones (three to a row) and
        // desktops keep it.
        display={{ base: 'block', md: 'none', lg: 'block' }}
        // The marks are square (scripts/draw-partner-logos.ts). A fixed box, not a width read from the
        // file: a mark loading after its tile was laid out pushed the name aside (a layout shift).
        boxSize={{ base: '5', lg: '7' }}
        flexShrink={0}
        objectFit="contain"
      />
      <Text
        flex="1"
        minW="0"
        fontSize={{ base: '13px', lg: 'sm' }}
        lineHeight="1.15"
        color="fg"
        overflowWrap="anywhere"
      >
        {name}
        {note && (
          <Box as="span" display="inline-block" color="fg.muted">
            {note}
          </Box>
        )}
      </Text>
    </Box>
  )
}

/**
 * The footer's partner carousel (SPEC: 3 slides, autoplay 10 s, 500 ms slide): a strip of slides
 * moved by a CSS transform. It used swiper, whose ~40 KB and start-up work (measuring, cloning the
 * slides for its loop) came with the footer on every page for three slides of text tiles. It pauses
 * while pointed at or focused, and only the slide in view can be reached by keyboard or screen reader.
 */
export function PartnerSlides({ partners }: { partners: Partner[] }) {
  const slides = toSlides(partners, CAROUSEL.slides)
  const [current, setCurrent] = useState(0)
  const [paused, setPaused] = useState(false)
  const count = slides.length
  // `current` restarts the wait after a bullet is chosen, so the chosen slide gets its full 10 s.
  useEffect(() => {
    if (count < 2 || paused) return
    const timer = setTimeout(() => setCurrent((c) => (c + 1) % count), CAROUSEL.autoplayMs)
    return () => clearTimeout(timer)
  }, [count, paused, current])
  return (
    <Box
      data-testid="partner-carousel"
      h={PARTNER_CAROUSEL_HEIGHT}
      position="relative"
      overflow="hidden"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Flex
        h="full"
        transform={`translateX(-${current * 100}%)`}
        transition={`transform ${CAROUSEL.speedMs}ms ease`}
        _motionReduce={{ transition: 'none' }}
      >
        {slides.map((slide, i) => (
          <Box
            key={slide[0]?.id ?? i}
            flex="0 0 100%"
            minW="0"
            aria-hidden={i !== current}
            inert={i !== current}
          >
            <SimpleGrid
              as="ul"
              columns={{ base: 3, sm: 4, md: 7 }}
              gap="2"
              pb="7"
              listStyleType="none"
              m="0"
              p="0"
            >
              {slide.map((p) => (
                <Box as="li" key={p.id}>
                  <PartnerTile partner={p} />
                </Box>
              ))}
            </SimpleGrid>
          </Box>
        ))}
      </Flex>
      {count > 1 && (
        <HStack position="absolute" bottom="0" insetX="0" justify="center" gap="0">
          {slides.map((slide, i) => (
            <Box
              as="button"
              key={slide[0]?.id ?? i}
              aria-label={`第 ${i + 1} 组合作伙伴`}
              aria-current={i === current}
              onClick={() => setCurrent(i)}
              // A 24 px target around an 8 px dot.
              w="6"
              h="6"
              display="grid"
              placeItems="center"
              cursor="pointer"
            >
              <Box
                w="2"
                h="2"
                borderRadius="full"
                bg={i === current ? 'brand.600' : 'gray.300'}
                transition="background 0.2s"
              />
            </Box>
          ))}
        </HStack>
      )}
    </Box>
  )
}

/** Loaded lazily by the footer: swiper and the logo list never weigh on first paint. */
export default function PartnerCarousel() {
  const [partners, setPartners] = useState<Partner[]>()
  useEffect(() => {
    let live = true
    getPartners()
      // 42 tiles: as a transition the render yields to the browser between components instead of
      // holding the main thread (one long task) while the page is starting.
      .then((rows) => live && startTransition(() => setPartners(rows)))
      .catch(() => live && setPartners([]))
    return () => {
      live = false
    }
  }, [])
  if (!partners) return <Box h={PARTNER_CAROUSEL_HEIGHT} />
  return <PartnerSlides partners={partners} />
}
