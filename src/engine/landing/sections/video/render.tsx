import { Box, chakra, Text } from '@chakra-ui/react'
import { useRef, useState } from 'react'
import type { VideoProps } from '../../../../../definitions/landing/sections/video.ts'
import { assetUrl } from '../../../../lib/paths.ts'
import { SectionFrame } from '../../parts/frame.tsx'

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" fill="currentColor">
      <path d="M8 5.5v13l11-6.5z" />
    </svg>
  )
}

/**
 * The browser's own player, showing its poster behind one play button until the visitor starts it:
 * the native control bar, drawn over the poster from the start, covered the poster's title on phones.
 * Nothing of the video loads before then (preload none), and the poster's size reserves the space.
 */
export default function Video({ title, src, poster, caption }: VideoProps) {
  const [started, setStarted] = useState(false)
  const video = useRef<HTMLVideoElement>(null)
  const name = title ?? poster.alt
  return (
    <SectionFrame title={title}>
      <Box as="figure">
        <Box position="relative">
          {/* biome-ignore lint/a11y/useMediaCaption: the video section's schema has no subtitle file yet; the caption below describes the clip. */}
          <chakra.video
            ref={video}
            src={assetUrl(src)}
            poster={assetUrl(poster.src)}
            htmlWidth={poster.width}
            htmlHeight={poster.height}
            controls={started}
            preload="none"
            playsInline
            aria-label={name}
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
          {!started && (
            <chakra.button
              type="button"
              aria-label={`播放视频：${name}`}
              onClick={() => {
                setStarted(true)
                // A click is a user gesture, so the browser lets the video start with sound.
                // A refused start (no such file, a blocked autoplay) leaves the controls to retry with.
                Promise.resolve(video.current?.play()).catch(() => {})
              }}
              position="absolute"
              inset="0"
              w="full"
              cursor="pointer"
              borderRadius={{ base: 'xl', md: '2xl' }}
              focusVisibleRing="inside"
              css={{ '&:hover > span': { transform: 'scale(1.08)' } }}
            >
              {/* In the lower right corner: poster titles are set from the left edge, across the
                  middle or the bottom, and a centred button covered long ones on phones. */}
              <Box
                as="span"
                position="absolute"
                bottom={{ base: 3, md: 5 }}
                insetEnd={{ base: 3, md: 5 }}
                boxSize={{ base: 12, md: 16 }}
                borderRadius="full"
                bg="blackAlpha.600"
                color="white"
                display="flex"
                alignItems="center"
                justifyContent="center"
                borderWidth="2px"
                borderColor="whiteAlpha.800"
                transition="transform 0.2s"
              >
                <PlayIcon />
              </Box>
            </chakra.button>
          )}
        </Box>
        {caption && (
          <Box as="figcaption" mt="3" fontSize="sm" color="fg.muted" textAlign="center">
            {caption}
          </Box>
        )}
      </Box>
    </SectionFrame>
  )
}
