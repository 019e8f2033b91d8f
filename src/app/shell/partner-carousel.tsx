import { Box, Image, SimpleGrid } from '@chakra-ui/react'
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
            <SimpleGrid columns={{ base: 3, sm: 4, md: 7 }} gap="2" pb="7">
              {slide.map((p) => (
                <Box
                  key={p.id}
                  h="12"
                  borderWidth="1px"
                  borderRadius="md"
                  bg="bg"
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  px="2"
                  title={p.name}
                >
                  <Image
                    src={assetUrl(p.logo)}
                    alt={p.name}
                    maxH="9"
                    maxW="100%"
                    loading="lazy"
                    width="160"
                    height="36"
                    objectFit="contain"
                  />
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
