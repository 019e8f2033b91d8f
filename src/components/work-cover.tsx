import { Box, Image, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { assetUrl } from '../lib/paths.ts'
import { type FileKind, isPictureUrl } from '../lib/work-files.ts'
import { FileIcon, TextIcon, VideoIcon } from './icons.tsx'

const PLACEHOLDERS: Record<
  Exclude<FileKind, 'image'>,
  { label: string; Icon: typeof FileIcon; bg: string }
> = {
  video: { label: '视频作品', Icon: VideoIcon, bg: 'linear-gradient(135deg, #1e2a5a, #3b4f9a)' },
  text: { label: '文本作品', Icon: TextIcon, bg: 'linear-gradient(135deg, #f6efe2, #e9dcc1)' },
  other: { label: '文件作品', Icon: FileIcon, bg: 'linear-gradient(135deg, #e4e7ee, #cfd5e1)' },
}

/** The drawn cover of a work with no picture to show (SPEC §2 "Cards": video, text, others). */
export function PlaceholderCover({ kind }: { kind: Exclude<FileKind, 'image'> }) {
  const { label, Icon, bg } = PLACEHOLDERS[kind]
  const dark = kind === 'video'
  return (
    <Stack
      h="full"
      w="full"
      align="center"
      justify="center"
      gap="2"
      bgImage={bg}
      color={dark ? 'white' : 'gray.600'}
      data-testid="work-cover-placeholder"
      data-kind={kind}
    >
      <Icon boxSize="10" />
      <Text fontSize="sm">{label}</Text>
    </Stack>
  )
}

/**
 * A work card's cover, 4:3: the picture the server sends (a 280-wide thumbnail for image works, or
 * its own placeholder), or a drawn placeholder by file type when fileUrl is no picture or fails.
 */
export function WorkCover({ url, kind, alt }: { url: string | undefined; kind: FileKind; alt: string }) {
  const [broken, setBroken] = useState(false)
  // An image work's URL is its thumbnail (/api/files/<name>/thumb?w=280), whatever it ends with.
  const picture = !!url && (kind === 'image' || isPictureUrl(url)) && !broken
  return (
    <Box aspectRatio={4 / 3} w="full" overflow="hidden" bg="gray.100">
      {picture ? (
        <Image
          // The server sends addresses (its placeholders under public/works/ carry the base path
          // already); a bare file name (a story's artwork) is a site file.
          src={url?.startsWith('/') ? url : assetUrl(url ?? '')}
          alt={alt}
          w="full"
          h="full"
          objectFit="cover"
          loading="lazy"
          data-testid="work-cover-image"
          onError={() => setBroken(true)}
        />
      ) : (
        <PlaceholderCover kind={kind === 'image' ? 'other' : kind} />
      )}
    </Box>
  )
}
