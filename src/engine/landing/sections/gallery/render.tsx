import { Box, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { GalleryProps } from '../../../../../definitions/landing/sections/gallery.ts'
import { BalancedGrid } from '../../parts/balanced-grid.tsx'
import { SectionFrame } from '../../parts/frame.tsx'
import { LandingImage } from '../../parts/landing-image.tsx'
import { Lightbox } from './lightbox.tsx'

/**
 * A grid of thumbnails (two per row on phones, up to `columns` wider, rows balanced so 5 in threes is
 * 3+2 centred); clicking one opens it large.
 */
export default function Gallery({ title, columns, images }: GalleryProps) {
  const [open, setOpen] = useState<number | null>(null)
  return (
    <SectionFrame title={title}>
      <BalancedGrid count={images.length} max={{ base: 2, md: columns }} gap={{ base: '3', md: '5' }}>
        {images.map((item, index) => (
          <Box
            as="button"
            key={`${item.image.src}-${index}`}
            onClick={() => setOpen(index)}
            aria-label={`查看大图：${item.caption ?? item.image.alt}`}
            // A stretched <button> centres its content: keep a captionless tile at the top of its row.
            alignSelf="start"
            textAlign="start"
            cursor="zoom-in"
            borderRadius="xl"
            focusVisibleRing="outside"
            css={{ '&:hover img': { transform: 'scale(1.04)' } }}
          >
            <Box overflow="hidden" borderRadius="xl" bg="bg.muted">
              {/* One shape for every thumbnail keeps rows even; the dialog shows the whole picture. */}
              <LandingImage
                image={item.image}
                w="full"
                h="auto"
                aspectRatio="4 / 3"
                fit="cover"
                transition="transform 0.4s ease"
              />
            </Box>
            {item.caption && (
              <Text mt="2" fontSize="sm" color="fg.muted" lineClamp={1}>
                {item.caption}
              </Text>
            )}
          </Box>
        ))}
      </BalancedGrid>
      <Lightbox images={images} index={open} onIndex={setOpen} />
    </SectionFrame>
  )
}
