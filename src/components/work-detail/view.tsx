import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import type { WorkDetail } from '../../../schemas/api/works.ts'
import { FOLD_CHARS } from '../../lib/constants.ts'
import { showTime, splitTags } from '../../lib/work-files.ts'
import { FoldText } from '../fold-text.tsx'
import { CreatorCard } from './creator-card.tsx'
import { Gallery } from './preview-image.tsx'
import { PrimaryFile } from './primary-file.tsx'
import { RegistrationNotes, RegistrationPanel } from './registration-panel.tsx'

/**
 * A registered work (SPEC §2 "Work registration detail view"), drawn from GET /works/show/{id}.
 * `mine` comes from the data: the owner sees the registration panel and no hash in the header;
 * everyone else sees the hash and no panel. The name is the page's h1, or an h2 inside a dialog.
 */
export function WorkDetailView({
  detail,
  headingAs = 'h1',
}: {
  detail: WorkDetail
  headingAs?: 'h1' | 'h2'
}) {
  const primary = detail.filesList.find((f) => f.filePrimary === 1)
  const images = detail.filesList.filter((f) => f.filePrimary === 0)
  const tags = splitTags(detail.tag)
  return (
    <Stack gap="6" data-testid="work-detail" data-mine={detail.mine ? 'true' : 'false'}>
      <Stack gap="3">
        <Heading as={headingAs} size="2xl" data-testid="work-name">
          {detail.worksName}
        </Heading>
        {tags.length > 0 && (
          <HStack gap="2" wrap="wrap" data-testid="work-tags">
            {tags.map((tag) => (
              <Badge key={tag} size="sm" variant="outline" colorPalette="brand">
                {tag}
              </Badge>
            ))}
          </HStack>
        )}
        <Stack gap="1" fontSize="sm" color="fg.muted">
          <Text data-testid="work-time">登记时间：{showTime(detail.worksHashTime)}</Text>
          {!detail.mine && detail.worksHash && (
            <Text data-testid="work-hash" wordBreak="break-all">
              存证哈希：
              <Text as="span" fontFamily="mono">
                {detail.worksHash}
              </Text>
            </Text>
          )}
        </Stack>
      </Stack>

      {primary && <PrimaryFile file={primary} name={detail.worksName} />}

      {images.length > 0 && (
        <Stack gap="2">
          <Text fontWeight="semibold">作品说明图</Text>
          <Gallery images={images} name={detail.worksName} />
        </Stack>
      )}

      <CreatorCard creator={detail.userBaseVO} />

      {detail.worksAbstract && (
        <Stack gap="2" data-testid="work-abstract">
          <Text fontWeight="semibold">作品简介</Text>
          <FoldText text={detail.worksAbstract} limit={FOLD_CHARS.workDetail} color="fg.muted" />
        </Stack>
      )}

      {detail.mine && <RegistrationPanel detail={detail} />}
      <Box>
        <RegistrationNotes detail={detail} />
      </Box>
    </Stack>
  )
}
