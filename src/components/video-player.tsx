import { Box } from '@chakra-ui/react'
import { MEDIA_HEIGHT_PX } from '../lib/constants.ts'
import { assetUrl } from '../lib/paths.ts'

/**
 * A video with the browser's own controls, 520 px high on wide screens (SPEC §9), its poster shown
 * until it plays. Shared by the video history and the promotional film page.
 */
export function VideoPlayer({ src, poster, title }: { src: string; poster: string; title: string }) {
  return (
    <Box bg="black" borderRadius="lg" overflow="hidden">
      {/* biome-ignore lint/a11y/useMediaCaption: the films are silent title cards (no audio track): nothing to caption; the title is the label. */}
      <video
        data-testid="video-player"
        controls
        preload="metadata"
        playsInline
        poster={assetUrl(poster)}
        aria-label={title}
        style={{
          display: 'block',
          width: '100%',
          height: `min(${MEDIA_HEIGHT_PX}px, 56.25vw)`,
          background: '#000',
        }}
      >
        <source src={assetUrl(src)} type="video/mp4" />
        您的浏览器无法播放此视频，<a href={assetUrl(src)}>下载视频文件</a>。
      </video>
    </Box>
  )
}
