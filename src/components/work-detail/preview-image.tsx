import { Box, CloseButton, Dialog, Image, type ImageProps, Portal, SimpleGrid } from '@chakra-ui/react'
import { useState } from 'react'
import { assetUrl } from '../../lib/paths.ts'

/**
 * A picture that opens large in a dialog when clicked (SPEC §2: "a previewable image"); `large` is
 * the picture the dialog shows when it is not `src` (a gallery shows thumbnails).
 */
export function PreviewImage({
  src,
  large,
  alt,
  ...imageProps
}: { src: string; large?: string; alt: string } & ImageProps) {
  const [open, setOpen] = useState(false)
  const address = assetUrl(src)
  return (
    <>
      <Box
        as="button"
        display="block"
        w="full"
        cursor="zoom-in"
        aria-label={`查看大图：${alt}`}
        onClick={() => setOpen(true)}
      >
        <Image src={address} alt={alt} {...imageProps} />
      </Box>
      <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} size="cover" placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content bg="blackAlpha.900" data-testid="image-preview">
              <Dialog.Title srOnly>{alt}</Dialog.Title>
              <Dialog.Body display="flex" alignItems="center" justifyContent="center" p="4">
                <Image src={assetUrl(large ?? src)} alt={alt} maxW="full" maxH="85vh" objectFit="contain" />
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" color="white" aria-label="关闭预览" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  )
}

/** Description images as a gallery of thumbnails, each previewable (SPEC §2: the non-primary files). */
export function Gallery({
  images,
  name,
}: {
  images: ReadonlyArray<{ fileUrl: string; thumbUrl?: string; previewUrl?: string }>
  name: string
}) {
  return (
    <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" data-testid="work-gallery">
      {images.map((image, i) => (
        <PreviewImage
          key={image.fileUrl}
          src={image.thumbUrl ?? image.fileUrl}
          large={image.previewUrl ?? image.fileUrl}
          alt={`${name} 说明图 ${i + 1}`}
          w="full"
          aspectRatio={4 / 3}
          objectFit="cover"
          borderRadius="md"
          borderWidth="1px"
          loading="lazy"
        />
      ))}
    </SimpleGrid>
  )
}
