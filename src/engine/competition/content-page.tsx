import { Box } from '@chakra-ui/react'
import type { CompetitionView } from '../../../definitions/competition/view.ts'
import { pageHead } from '../../lib/page-head.ts'
import { SectionList } from '../landing/section-list.tsx'
import { SlugContext } from '../landing/slug-context.ts'
import { Organizers } from './organizers.tsx'
import { useCompetition } from './route.tsx'
import { StageBanner } from './stage-banner.tsx'

type PageKey = keyof CompetitionView['pages']

/**
 * A competition's index or preview page: its section list, written exactly like a landing page's
 * (the landing engine renders it), under a bar with the competition's stage and dates. Public and
 * server-rendered, with the competition's share tags.
 */
export function contentPage(key: PageKey, suffix: string) {
  const handle = {
    ...pageHead<CompetitionView>((competition) => ({
      title: suffix ? `${competition.title} · ${suffix}` : competition.title,
      description: competition.description,
      image: competition.shareCard,
    })),
    // The page's head comes from the parent route's data (the competition).
    fromParent: true,
  }
  function Component() {
    const competition = useCompetition()
    return (
      <SlugContext.Provider value={competition.slug}>
        <Box flex="1" bg="bg" pb="12">
          <StageBanner competition={competition} current={key} />
          <SectionList sections={competition.pages[key].sections} />
          {key === 'index' && <Organizers organizers={competition.organizers} />}
        </Box>
      </SlugContext.Provider>
    )
  }
  return { handle, Component }
}
