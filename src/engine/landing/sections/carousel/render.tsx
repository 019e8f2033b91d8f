import { Box, Heading, Text } from '@chakra-ui/react'
import { Autoplay, Pagination } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
// Imported here, not globally, so swiper's styles load only on pages that show a carousel.
import 'swiper/css'
import 'swiper/css/pagination'
import type { CarouselProps } from '../../../../../definitions/landing/sections/carousel.ts'
import { SectionFrame } from '../../parts/frame.tsx'
import { LandingImage } from '../../parts/landing-image.tsx'

/** Large rotating pictures with an optional caption over a dark fade at the bottom. */
export default function Carousel({ title, autoplaySeconds, slides }: CarouselProps) {
  return (
    <SectionFrame title={title}>
      <Box
        borderRadius={{ base: 'xl', md: '2xl' }}
        overflow="hidden"
        bg="brand.950"
        css={{
          '--swiper-pagination-color': 'white',
          '--swiper-pagination-bullet-inactive-color': 'white',
          '--swiper-pagination-bullet-inactive-opacity': '0.5',
        }}
      >
        <Swiper
          modules={[Autoplay, Pagination]}
          autoplay={{ delay: autoplaySeconds * 1000, disableOnInteraction: false, pauseOnMouseEnter: true }}
          loop={slides.length > 1}
          pagination={{ clickable: true }}
        >
          {slides.map((slide, index) => (
            <SwiperSlide key={`${slide.image.src}-${index}`}>
              <Box position="relative" aspectRatio={{ base: '4 / 3', md: '16 / 7' }}>
                <LandingImage
                  image={slide.image}
                  position="absolute"
                  inset="0"
                  w="full"
                  h="full"
                  fit="cover"
                />
                {(slide.title || slide.text) && (
                  <Box
                    position="absolute"
                    insetX="0"
                    bottom="0"
                    px={{ base: 5, md: 10 }}
                    pt="16"
                    pb={{ base: 9, md: 12 }}
                    color="white"
                    bgGradient="to-t"
                    gradientFrom="blackAlpha.800"
                    gradientTo="transparent"
                  >
                    {slide.title && (
                      <Heading as="h3" size={{ base: 'lg', md: '2xl' }}>
                        {slide.title}
                      </Heading>
                    )}
                    {slide.text && (
                      <Text mt="1" fontSize={{ base: 'sm', md: 'md' }} opacity={0.9} maxW="2xl" lineClamp={2}>
                        {slide.text}
                      </Text>
                    )}
                  </Box>
                )}
              </Box>
            </SwiperSlide>
          ))}
        </Swiper>
      </Box>
    </SectionFrame>
  )
}
