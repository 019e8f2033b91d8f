import { Avatar, Badge, Box, Card, HStack, Text } from '@chakra-ui/react'
import { lazy, Suspense, useState } from 'react'
import type { WorkCard as WorkCardData } from '../../schemas/api/works.ts'
import { assetUrl, paths, toAddress } from '../lib/paths.ts'
import { showTime } from '../lib/work-files.ts'
import { useDictLabels } from './use-dict-labels.ts'
import { WorkCover } from './work-cover.tsx'

// The dialog brings the detail view, its media and the QR encoder: loaded on the first click only.
const WorkDetailDialog = lazy(() => import('./work-detail/dialog.tsx'))

/**
 * A work card (SPEC §2 "Cards"): cover, name, type label, author avatar (or initial) and name,
 * publish time. A click opens the detail dialog; the card is also a link to /works/detail, so a
 * crawler or a middle click reaches the work's own page.
 *
 * `typeLabels` (sys_works_type) come from a page that loaded them with its data, so the label is in
 * the server's HTML; without them the card looks the dictionary up itself.
 */
export function WorkCard({
  work,
  typeLabels,
}: {
  work: WorkCardData
  typeLabels?: ReadonlyMap<string, string>
}) {
  const looked = useDictLabels(typeLabels ? '' : 'sys_works_type')
  const typeLabel = (typeLabels ?? looked)?.get(work.worksType)
  const [open, setOpen] = useState(false)
  return (
    <>
      <Card.Root
        asChild
        overflow="hidden"
        variant="outline"
        bg="bg"
        transition="box-shadow 0.2s, transform 0.2s"
        _hover={{ boxShadow: 'md', transform: 'translateY(-2px)' }}
      >
        <a
          href={toAddress(paths.worksDetail.getHref(work.id))}
          data-testid="work-card"
          data-work-id={work.id}
          onClick={(e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
            e.preventDefault()
            setOpen(true)
          }}
        >
          <WorkCover url={work.fileUrl} fileType={work.fileType} alt={work.worksName} />
          <Card.Body p="3" gap="2">
            <Text fontWeight="semibold" lineClamp={1} title={work.worksName}>
              {work.worksName}
            </Text>
            <Box minH="5">
              {typeLabel && (
                <Badge size="sm" colorPalette="brand" variant="subtle" data-testid="work-card-type">
                  {typeLabel}
                </Badge>
              )}
            </Box>
            <HStack justify="space-between" gap="2" wrap="wrap" rowGap="1">
              <HStack gap="2" minW="0">
                <Avatar.Root size="2xs" colorPalette="brand">
                  <Avatar.Fallback name={work.userName} />
                  {work.profilePhoto && <Avatar.Image src={assetUrl(work.profilePhoto)} alt="" />}
                </Avatar.Root>
                <Text fontSize="sm" color="fg.muted" lineClamp={1}>
                  {work.userName}
                </Text>
              </HStack>
              <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                {showTime(work.createTime, { dateOnly: true })}
              </Text>
            </HStack>
          </Card.Body>
        </a>
      </Card.Root>
      {open && (
        <Suspense fallback={null}>
          <WorkDetailDialog id={work.id} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}

/** Cards in a responsive grid. */
export function WorkGrid({
  works,
  typeLabels,
}: {
  works: ReadonlyArray<WorkCardData>
  typeLabels?: ReadonlyMap<string, string>
}) {
  return (
    <Box
      display="grid"
      gridTemplateColumns={{
        base: 'repeat(auto-fill, minmax(150px, 1fr))',
        md: 'repeat(auto-fill, minmax(220px, 1fr))',
      }}
      gap={{ base: '3', md: '5' }}
      data-testid="work-grid"
    >
      {works.map((work) => (
        <WorkCard key={work.id} work={work} typeLabels={typeLabels} />
      ))}
    </Box>
  )
}
