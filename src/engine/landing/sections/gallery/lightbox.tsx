import { Box, Button, CloseButton, Dialog, Flex, Portal, Text } from '@chakra-ui/react'
import { useRef } from 'react'
import type { GalleryProps } from '../../../../../definitions/landing/sections/gallery.ts'
import { LandingImage } from '../../parts/landing-image.tsx'

/** The enlarged picture with its caption; arrows step through the gallery without closing. */
export function Lightbox({
  images,
  index,
  onIndex,
}: {
  images: GalleryProps['images']
  index: number | null
  onIndex(index: number | null): void
}) {
  const content = useRef<HTMLDivElement>(null)
  const item = index === null ? undefined : images[index]
  const step = (by: number) => index !== null && onIndex((index + by + images.length) % images.length)
  return (
    <Dialog.Root
      open={item !== undefined}
      onOpenChange={(e) => !e.open && onIndex(null)}
      placement="center"
      motionPreset="scale"
      // Focus the dialog itself (arrow keys work at once) rather than ringing the first arrow button.
      initialFocusEl={() => content.current}
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.800" />
        <Dialog.Positioner px="4">
          {item && (
            <Dialog.Content
              ref={content}
              maxW="5xl"
              w="full"
              overflow="hidden"
              onKeyDown={(e) => {
                if (e.key === 'ArrowRight') step(1)
                if (e.key === 'ArrowLeft') step(-1)
              }}
            >
              <Dialog.Title srOnly>{item.caption ?? item.image.alt}</Dialog.Title>
              <Box bg="gray.950">
                <LandingImage
                  image={item.image}
                  display="block"
                  mx="auto"
                  maxW="full"
                  maxH="75vh"
                  w="auto"
                  h="auto"
                  fit="contain"
                />
              </Box>
              <Flex align="center" gap="3" px={{ base: 4, md: 5 }} py="3">
                <Text flex="1" minW="0" fontSize={{ base: 'sm', md: 'md' }}>
                  {item.caption}
                </Text>
                {images.length > 1 && (
                  <Flex align="center" gap="1" flexShrink={0}>
                    <Button
                      size="sm"
                      variant="ghost"
                      fontSize="xl"
                      onClick={() => step(-1)}
                      aria-label="上一张"
                    >
                      ‹
                    </Button>
                    <Text fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
                      {(index ?? 0) + 1} / {images.length}
                    </Text>
                    <Button
                      size="sm"
                      variant="ghost"
                      fontSize="xl"
                      onClick={() => step(1)}
                      aria-label="下一张"
                    >
                      ›
                    </Button>
                  </Flex>
                )}
              </Flex>
              <Dialog.CloseTrigger asChild top="2" insetEnd="2">
                <CloseButton size="sm" bg="bg" borderRadius="full" aria-label="关闭" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          )}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
