import { Box } from '@chakra-ui/react'
import { type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router'
import { type LandingPageDefinition, shareCardOf } from '../../../definitions/landing/types.ts'
import { pageHead } from '../../lib/page-head.ts'
import { loadLandingPage } from './pages.ts'
import { SectionList } from './section-list.tsx'
import { SlugContext } from './slug-context.ts'

/** /application/:slug — any landing page from landing-pages/<slug>.json; an unknown slug is a 404. */
export async function loader({ params }: LoaderFunctionArgs) {
  const page = params.slug ? await loadLandingPage(params.slug) : undefined
  if (!page) throw redirect('/404')
  return { slug: params.slug as string, page }
}

type LoaderData = Awaited<ReturnType<typeof loader>>

/** Section types that change on screen without the visitor doing anything. */
const MOVING_SECTIONS = new Set(['countdown', 'carousel'])
/** How many sections a first screen may show: the hero and a little of the next. */
const FIRST_SCREEN_SECTIONS = 2

const startsMoving = (sections: LandingPageDefinition['sections']) =>
  sections.slice(0, FIRST_SCREEN_SECTIONS).some((entry) => 'type' in entry && MOVING_SECTIONS.has(entry.type))

export const handle = pageHead<LoaderData>(
  ({ slug, page: definition }) => ({
    title: definition.title,
    description: definition.description,
    image: definition.shareImage?.src ?? shareCardOf(slug),
  }),
  {
    // A page to read, unless a section on its first screen moves by itself (a countdown, a carousel).
    startsWhenUsed: ({ page: definition }) => !startsMoving(definition.sections),
  },
)

export function Component() {
  const { slug, page } = useLoaderData() as { slug: string; page: LandingPageDefinition }
  return (
    <SlugContext.Provider value={slug}>
      <Box flex="1" bg="bg" pb="12">
        <SectionList sections={page.sections} />
      </Box>
    </SlugContext.Provider>
  )
}
