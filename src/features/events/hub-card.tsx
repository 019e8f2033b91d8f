import { Badge, Box, HStack, Image, Link, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import type { HubItem } from '../../../schemas/api/events.ts'
import { toAddress } from '../../lib/paths.ts'

export const STATE_PALETTE = { open: 'green', upcoming: 'orange', past: 'gray' } as const

/** One competition or event: cover, kind and state, title, dates, venue; the whole card is its link. */
export function HubCard({ item, compact = false }: { item: HubItem; compact?: boolean }) {
  return (
    <LinkBox
      as="article"
      data-testid="hub-card"
      display="flex"
      flexDirection={compact ? 'row' : 'column'}
      gap={compact ? 3 : 0}
      borderWidth="1px"
      borderColor="border"
      borderRadius="xl"
      overflow="hidden"
      bg="bg"
      _hover={{ boxShadow: 'md' }}
      p={compact ? 3 : 0}
    >
      <Box
        flexShrink={0}
        w={compact ? '28' : 'full'}
        aspectRatio={compact ? 4 / 3 : 16 / 7}
        borderRadius={compact ? 'lg' : '0'}
        overflow="hidden"
        bg="bg.muted"
      >
        <Image
          src={toAddress(item.cover.src)}
          alt={item.cover.alt}
          width={item.cover.width}
          height={item.cover.height}
          loading="lazy"
          w="full"
          h="full"
          objectFit="cover"
        />
      </Box>
      <Stack gap="2" p={compact ? 0 : 4} minW="0" flex="1">
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette="brand" variant="subtle">
            {item.kind}
          </Badge>
          <Badge colorPalette={STATE_PALETTE[item.state]} variant="solid">
            {item.stateLabel}
          </Badge>
        </HStack>
        <LinkOverlay asChild>
          <RouterLink to={item.href}>
            <Text as="h2" fontWeight="bold" fontSize={compact ? 'md' : 'lg'} lineHeight="short">
              {item.title}
            </Text>
          </RouterLink>
        </LinkOverlay>
        <Text fontSize="sm" color="fg.muted">
          {item.dates}
        </Text>
        {item.venue && !compact && (
          <Text fontSize="sm" color="fg.muted">
            地点：{item.venue}
          </Text>
        )}
        {!compact && (
          <Text fontSize="sm" lineClamp={2}>
            {item.description}
          </Text>
        )}
        {item.resultsHref && (
          // Only a competition with published results has one (issue 24 item 7); above the card's overlay.
          <Link
            asChild
            fontSize="sm"
            color="brand.fg"
            fontWeight="medium"
            position="relative"
            zIndex="1"
            alignSelf="flex-start"
          >
            <RouterLink to={item.resultsHref} data-testid="hub-results-link">
              获奖名单
            </RouterLink>
          </Link>
        )}
      </Stack>
    </LinkBox>
  )
}
