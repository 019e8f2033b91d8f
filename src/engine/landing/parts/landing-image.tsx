import { Image, type ImageProps } from '@chakra-ui/react'
import type { Image as ImageData } from '../../../../definitions/landing/define.ts'
import { assetUrl } from '../../../lib/paths.ts'

/**
 * A page image as every section draws it: a local file under the build's base path, its real size
 * as width/height (no layout shift), lazily loaded unless it is above the fold (`eager`).
 */
export function LandingImage({
  image,
  eager = false,
  ...rest
}: { image: ImageData; eager?: boolean } & Omit<ImageProps, 'src' | 'alt'>) {
  return (
    <Image
      src={assetUrl(image.src)}
      alt={image.alt}
      htmlWidth={image.width}
      htmlHeight={image.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...rest}
    />
  )
}
