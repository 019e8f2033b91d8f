import { Box } from '@chakra-ui/react'
import { useLoaderData } from 'react-router'
import type { EventView } from '../../../definitions/events/view.ts'
import type { SectionEntry } from '../../../definitions/landing/types.ts'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'
import { SectionList } from '../landing/section-list.tsx'
import { SlugContext } from '../landing/slug-context.ts'
import { EventFacts } from './event-facts.tsx'
import type { EventLoaderData } from './event-loader.ts'
import { EventSubmitPage } from './event-submit.tsx'

export const handle = pageHead<EventLoaderData>(
  ({ event, kind }) => ({
    title: kind === 'submit' && event.submit ? `${event.submit.title} · ${event.title}` : event.title,
    description: event.description,
    image: event.shareImage?.src ?? event.cover.src,
  }),
  {
    // The sign-up form is used at once; the event's own page is read first.
    startsWhenUsed: ({ kind }) => kind !== 'submit',
  },
)

/** The check-in QR code the venue shows, drawn by the landing engine's qrCode section. */
const checkInSection = (event: EventView): SectionEntry => ({
  type: 'qrCode',
  id: 'check-in',
  props: {
    title: '现场签到',
    items: [
      {
        value: paths.signIn.getHref(event.slug),
        label: '扫码签到',
        caption: `活动期间（${event.dates}）在现场扫码，填写姓名和手机号即可签到`,
      },
    ],
  },
})

/** Any event page of events/<slug>.json: its sections (the landing engine's), or its form's page. */
export function Component() {
  const { event, kind } = useLoaderData() as EventLoaderData
  if (kind === 'submit') return <EventSubmitPage event={event} />
  const sections: SectionEntry[] = event.checkIn ? [...event.sections, checkInSection(event)] : event.sections
  const [hero, ...rest] = sections
  return (
    <SlugContext.Provider value={event.slug}>
      <Box flex="1" bg="bg" pb="12" data-testid="event-page">
        {hero && <SectionList sections={[hero]} />}
        <EventFacts event={event} />
        <SectionList sections={rest} />
      </Box>
    </SlugContext.Provider>
  )
}
