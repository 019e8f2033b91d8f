import { Badge, Button, Container, HStack, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import type { EventView } from '../../../definitions/events/view.ts'
import { paths } from '../../lib/paths.ts'

const STATE_PALETTE = { open: 'green', upcoming: 'orange', past: 'gray' } as const

/** The event's facts under its hero: kind and state, dates, venue, the way to its form and back to all events. */
export function EventFacts({ event }: { event: EventView }) {
  return (
    <Container maxW="5xl" py="5">
      <Stack
        direction={{ base: 'column', md: 'row' }}
        gap="4"
        justify="space-between"
        align={{ base: 'stretch', md: 'center' }}
        borderWidth="1px"
        borderColor="border"
        borderRadius="xl"
        p={{ base: 4, md: 5 }}
        bg="bg"
      >
        <Stack gap="2" minW="0">
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette="brand" variant="subtle">
              {event.kind}
            </Badge>
            <Badge colorPalette={STATE_PALETTE[event.state]} variant="solid" data-testid="event-state">
              {event.stateLabel}
            </Badge>
          </HStack>
          <Text fontSize="sm">
            <Text as="span" color="fg.muted">
              时间：
            </Text>
            {event.dates}
          </Text>
          {event.venue && (
            <Text fontSize="sm">
              <Text as="span" color="fg.muted">
                地点：
              </Text>
              {event.venue}
            </Text>
          )}
          {event.submitDates && (
            <Text fontSize="sm">
              <Text as="span" color="fg.muted">
                报名时间：
              </Text>
              {event.submitDates}
            </Text>
          )}
        </Stack>
        <HStack gap="3" wrap="wrap" flexShrink={0}>
          {event.pages.submit && event.submit && (
            <Button asChild colorPalette="brand">
              <RouterLink to={event.pages.submit}>{event.submit.title}</RouterLink>
            </Button>
          )}
          <Button asChild variant="outline" colorPalette="brand">
            <RouterLink to={paths.events.path}>全部赛事活动</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </Container>
  )
}
