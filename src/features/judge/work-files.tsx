import {
  Box,
  Button,
  CloseButton,
  Dialog,
  Flex,
  IconButton,
  Image,
  Link,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useRef, useState } from 'react'
import type { JudgeEntryDetail } from '../../api/judging.ts'
import { toAddress } from '../../lib/paths.ts'

const IMAGE = /\.(jpe?g|png|webp|gif)$/i
/**
 * Whether a file is a picture, previewed inline: told by its address's extension, or — a blind round's
 * copy (`/api/judge/file?…`, no extension) — by its neutral name, which the server gives the real one.
 */
const isPicture = (f: { url: string; name: string }) => IMAGE.test(/\.\w+$/.test(f.url) ? f.url : f.name)

type File = JudgeEntryDetail['files'][number]

/**
 * The work's files as a judge reads them: every picture shown large at once (cover first), each
 * opening full screen in a viewer that ← → step through and Esc closes; other files as links.
 */
export function WorkFiles({ files }: { files: JudgeEntryDetail['files'] }) {
  const pictures = files.filter(isPicture)
  const others = files.filter((f) => !isPicture(f))
  const [shown, setShown] = useState<number | null>(null)
  if (files.length === 0) return <Text color="fg.muted">没有上传文件。</Text>
  return (
    <Stack gap="4" data-testid="judge-files">
      {pictures.map((f, i) => (
        <Box key={f.url} position="relative">
          <Image
            src={toAddress(f.url)}
            alt={f.label}
            // The cover is what the judge looks at first: fetched before anything else of the page.
            fetchPriority={i === 0 ? 'high' : 'auto'}
            w="full"
            maxH={{ base: '70vh', lg: '75vh' }}
            objectFit="contain"
            bg="bg.muted"
            borderRadius="md"
            cursor="zoom-in"
            onClick={() => setShown(i)}
          />
          <Flex position="absolute" insetX="2" bottom="2" align="center" justify="space-between" gap="2">
            <Text fontSize="xs" bg="bg" px="2" py="0.5" borderRadius="sm" color="fg">
              {f.label}
            </Text>
            <Button size="xs" variant="subtle" onClick={() => setShown(i)} aria-label={`全屏查看${f.label}`}>
              全屏
            </Button>
          </Flex>
        </Box>
      ))}
      {others.map((f) => (
        <Link key={f.url} href={toAddress(f.url)} target="_blank" rel="noreferrer" color="brand.600">
          打开 {f.label}（{f.name}）
        </Link>
      ))}
      <Viewer pictures={pictures} index={shown} onIndex={setShown} />
    </Stack>
  )
}

/** The pictures full screen, one at a time; ← → step without closing (as the landing gallery's lightbox). */
function Viewer({
  pictures,
  index,
  onIndex,
}: {
  pictures: File[]
  index: number | null
  onIndex(index: number | null): void
}) {
  const content = useRef<HTMLDivElement>(null)
  const item = index === null ? undefined : pictures[index]
  const step = (by: number) => index !== null && onIndex((index + by + pictures.length) % pictures.length)
  return (
    <Dialog.Root
      open={item !== undefined}
      onOpenChange={(e) => !e.open && onIndex(null)}
      size="full"
      // Focus the viewer itself, so the arrow keys work at once.
      initialFocusEl={() => content.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {item && (
            <Dialog.Content
              ref={content}
              bg="gray.950"
              color="white"
              data-testid="judge-viewer"
              onKeyDown={(e) => {
                if (e.key === 'ArrowRight') step(1)
                if (e.key === 'ArrowLeft') step(-1)
              }}
            >
              <Dialog.Title srOnly>{item.label}</Dialog.Title>
              <Dialog.Body display="flex" alignItems="center" justifyContent="center" p="2">
                <Image
                  src={toAddress(item.url)}
                  alt={item.label}
                  maxW="full"
                  maxH="88vh"
                  objectFit="contain"
                />
              </Dialog.Body>
              <Flex align="center" justify="center" gap="3" pb="3">
                {pictures.length > 1 && (
                  <IconButton size="sm" variant="subtle" aria-label="上一张" onClick={() => step(-1)}>
                    ‹
                  </IconButton>
                )}
                <Text fontSize="sm" fontVariantNumeric="tabular-nums">
                  {item.label} · {(index ?? 0) + 1} / {pictures.length} · ← → 翻看，Esc 关闭
                </Text>
                {pictures.length > 1 && (
                  <IconButton size="sm" variant="subtle" aria-label="下一张" onClick={() => step(1)}>
                    ›
                  </IconButton>
                )}
              </Flex>
              <Dialog.CloseTrigger asChild top="2" insetEnd="2">
                <CloseButton size="sm" variant="subtle" aria-label="关闭" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          )}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
