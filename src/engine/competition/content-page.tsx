import { Box, Button, Container, HStack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import type { CompetitionView } from '../../../definitions/competition/view.ts'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'
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
          {key === 'index' && competition.resultsPublished && <ResultsNotice slug={competition.slug} />}
          <SectionList sections={competition.pages[key].sections} />
          {key === 'index' && <Organizers organizers={competition.organizers} />}
        </Box>
      </SlugContext.Provider>
    )
  }
  return { handle, Component }
}

/** Once the results are published, the index page leads to the winners (issue 24 item 7). */
function ResultsNotice({ slug }: { slug: string }) {
  return (
    <Container maxW="6xl" py="6">
      <HStack
        gap="3"
        justify="space-between"
        flexWrap="wrap"
        borderWidth="1px"
        borderColor="brand.200"
        bg="brand.50"
        borderRadius="lg"
        px="4"
        py="3"
        data-testid="results-notice"
      >
        <Text fontWeight="bold">评审结果已公布</Text>
        <Button asChild size="sm" colorPalette="brand">
          <RouterLink to={paths.competition.getHref(slug, 'results')}>查看获奖名单</RouterLink>
        </Button>
      </HStack>
    </Container>
  )
}
