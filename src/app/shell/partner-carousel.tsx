import { Box, Image, SimpleGrid, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { Autoplay, Pagination } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import 'swiper/css'
import 'swiper/css/pagination'
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
        width="28"
        height="28"
        loading="lazy"
        // Seven tiles to a row leave no room for a mark on tablets; phones (three to a row) and
        // desktops keep it.
        display={{ base: 'block', md: 'none', lg: 'block' }}
        h={{ base: '5', lg: '7' }}
        w="auto"
        maxW="40%"
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

export function PartnerSlides({ partners }: { partners: Partner[] }) {
  return (
    <Box
      data-testid="partner-carousel"
      h={PARTNER_CAROUSEL_HEIGHT}
      css={{
        '--swiper-pagination-color': 'var(--chakra-colors-brand-600)',
        '--swiper-pagination-bottom': '0px',
      }}
    >
      <Swiper
        modules={[Autoplay, Pagination]}
        autoplay={{ delay: CAROUSEL.autoplayMs, disableOnInteraction: false }}
        speed={CAROUSEL.speedMs}
        loop
        pagination={{ clickable: true }}
        style={{ height: '100%' }}
      >
        {toSlides(partners, CAROUSEL.slides).map((slide, i) => (
          <SwiperSlide key={slide[0]?.id ?? i}>
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
          </SwiperSlide>
        ))}
      </Swiper>
    </Box>
  )
}

/** Loaded lazily by the footer: swiper and the logo list never weigh on first paint. */
export default function PartnerCarousel() {
  const [partners, setPartners] = useState<Partner[]>()
  useEffect(() => {
    let live = true
    getPartners()
      .then((rows) => live && setPartners(rows))
      .catch(() => live && setPartners([]))
    return () => {
      live = false
    }
  }, [])
  if (!partners) return <Box h={PARTNER_CAROUSEL_HEIGHT} />
  return <PartnerSlides partners={partners} />
}
