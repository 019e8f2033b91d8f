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

export const handle = pageHead<LoaderData>(({ slug, page: definition }) => ({
  title: definition.title,
  description: definition.description,
  image: definition.shareImage?.src ?? shareCardOf(slug),
}))

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
