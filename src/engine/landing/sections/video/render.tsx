import { Box, Container, chakra, Heading, Text } from '@chakra-ui/react'
import { assetUrl } from '../../../../lib/paths.ts'
import type { VideoProps } from './index.ts'

/**
 * The browser's own player: nothing to load until the visitor presses play (preload none), and the
 * poster's size reserves the space so the page does not jump.
 */
export default function Video({ title, src, poster, caption }: VideoProps) {
  return (
    <Container maxW="6xl" py={{ base: 10, md: 16 }} data-landing-frame="">
      {title && (
        <Heading as="h2" size="2xl" mb={{ base: 6, md: 8 }}>
          {title}
        </Heading>
      )}
      <Box as="figure">
        {/* biome-ignore lint/a11y/useMediaCaption: the video section's schema has no subtitle file yet; the caption below describes the clip. */}
        <chakra.video
          src={assetUrl(src)}
          poster={assetUrl(poster.src)}
          htmlWidth={poster.width}
          htmlHeight={poster.height}
          controls
          preload="none"
          playsInline
          aria-label={title ?? poster.alt}
          display="block"
          w="full"
          h="auto"
          bg="black"
          borderRadius={{ base: 'xl', md: '2xl' }}
          boxShadow="lg"
        >
          <Text p="4" color="white">
            您的浏览器无法播放此视频。
          </Text>
        </chakra.video>
        {caption && (
          <Box as="figcaption" mt="3" fontSize="sm" color="fg.muted" textAlign="center">
            {caption}
          </Box>
        )}
      </Box>
    </Container>
  )
}
