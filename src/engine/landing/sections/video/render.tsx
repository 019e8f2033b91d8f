import { Box, chakra, Text } from '@chakra-ui/react'
import { assetUrl } from '../../../../lib/paths.ts'
import { SectionFrame } from '../../parts/frame.tsx'
import type { VideoProps } from './index.ts'

/**
 * The browser's own player: nothing to load until the visitor presses play (preload none), and the
 * poster's size reserves the space so the page does not jump.
 */
export default function Video({ title, src, poster, caption }: VideoProps) {
  return (
    <SectionFrame title={title}>
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
    </SectionFrame>
  )
}
