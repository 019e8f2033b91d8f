import { Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react'
import type { WorkFile } from '../../../schemas/api/works.ts'
import { FOLD_CHARS, MEDIA_HEIGHT_PX } from '../../lib/constants.ts'
import { toAddress } from '../../lib/paths.ts'
import { extensionOf, fileKindOf, isBrowserImage } from '../../lib/work-files.ts'
import { FoldText } from '../fold-text.tsx'
import { FileIcon } from '../icons.tsx'
import { PreviewImage } from './preview-image.tsx'

const MEDIA_HEIGHT = `${MEDIA_HEIGHT_PX}px`

/**
 * The primary work file, by the extension of its original name (SPEC §2 "Work registration detail
 * view"): mp4 plays, the image types preview, txt shows under 登记内容 folded at 280 characters, and
 * anything else is an icon, the name and a download link. Media are 520 px high.
 */
export function PrimaryFile({ file, name }: { file: WorkFile; name: string }) {
  // The stored file's own extension decides; the name it was uploaded under is display data only.
  const typed = extensionOf(file.fileUrl) ? file.fileUrl : file.fileOgName
  const kind = fileKindOf(typed)
  const drawnByBrowser = isBrowserImage(typed)
  if (kind === 'video')
    return (
      <Box bg="black" borderRadius="md" overflow="hidden" data-testid="work-primary" data-kind="video">
        {/* Muted, or browsers refuse to start it by themselves (autoplay policy). */}
        <video
          src={toAddress(file.fileUrl)}
          controls
          autoPlay
          muted
          playsInline
          style={{ width: '100%', height: MEDIA_HEIGHT, display: 'block' }}
          aria-label={name}
        />
      </Box>
    )
  // A browser draws no tif or eps: those come as the server's rendition, or not at all.
  const picture = file.previewUrl ?? (drawnByBrowser ? file.fileUrl : undefined)
  if (kind === 'image' && picture)
    return (
      <Stack gap="2" data-testid="work-primary" data-kind="image">
        <Box bg="gray.50" borderRadius="md" borderWidth="1px">
          <PreviewImage src={picture} alt={name} h={MEDIA_HEIGHT} w="full" objectFit="contain" />
        </Box>
        {!drawnByBrowser && (
          <HStack gap="2" fontSize="sm" color="fg.muted" data-testid="work-primary-original">
            <Text minW="0" wordBreak="break-all">
              预览图由原文件生成。原文件：{file.fileOgName}
            </Text>
            <Link asChild colorPalette="brand" flexShrink="0">
              <DownloadLink file={file} />
            </Link>
          </HStack>
        )}
      </Stack>
    )
  if (kind === 'text')
    return (
      <Stack gap="2" data-testid="work-primary" data-kind="text">
        <Text fontWeight="semibold">登记内容</Text>
        <Box bg="bg.subtle" borderRadius="md" borderWidth="1px" p="4">
          <FoldText text={file.txt ?? ''} limit={FOLD_CHARS.workDetail} />
        </Box>
      </Stack>
    )
  return (
    <HStack
      gap="4"
      p="4"
      borderWidth="1px"
      borderRadius="md"
      bg="bg.subtle"
      data-testid="work-primary"
      data-kind={kind === 'image' ? 'image-without-preview' : 'other'}
    >
      <FileIcon boxSize="10" color="fg.muted" />
      <Stack flex="1" minW="0" gap="1">
        <Text wordBreak="break-all">{file.fileOgName}</Text>
        {kind === 'image' && (
          <Text fontSize="sm" color="fg.muted">
            该文件未附带预览图，请下载后查看
          </Text>
        )}
      </Stack>
      <Button asChild size="sm" variant="outline">
        <DownloadLink file={file} />
      </Button>
    </HStack>
  )
}

function DownloadLink({ file, ...props }: { file: WorkFile } & React.ComponentProps<'a'>) {
  return (
    <a href={toAddress(file.fileUrl)} download={file.fileOgName} {...props}>
      下载文件
    </a>
  )
}
