import { Box, Image } from '@chakra-ui/react'
import { useState } from 'react'
import { assetUrl } from '../lib/paths.ts'
import { coverKindOf, isPictureUrl, placeholderCoverOf } from '../lib/work-files.ts'

/** The server sends addresses (its placeholders carry the base path already); a bare name is a site file. */
const address = (url: string) => (url.startsWith('/') ? url : assetUrl(url))

/**
 * A work card's cover, 4:3 (SPEC §2 "Cards"): an image work's 280-wide thumbnail, or the placeholder
 * of its kind that the server names. The card copes with what it gets: a fileUrl that is no picture
 * (a video, an eps), none at all, or one that fails to load shows the site's placeholder for the
 * work's fileType instead.
 */
export function WorkCover({
  url,
  fileType,
  alt,
}: {
  url: string | undefined
  fileType: number
  alt: string
}) {
  const [broken, setBroken] = useState(false)
  const kind = coverKindOf(fileType)
  // An image work's URL is its thumbnail (/api/files/<name>/thumb?w=280), whatever it ends with.
  const own = !!url && !broken && (kind === 'image' || isPictureUrl(url))
  return (
    <Box aspectRatio={4 / 3} w="full" overflow="hidden" bg="gray.100">
      <Image
        key={own ? 'own' : 'placeholder'}
        src={own ? address(url) : assetUrl(placeholderCoverOf(fileType))}
        alt={alt}
        w="full"
        h="full"
        objectFit="cover"
        loading="lazy"
        data-testid="work-cover"
        data-cover={own ? 'own' : kind}
        onError={own ? () => setBroken(true) : undefined}
      />
    </Box>
  )
}
