import { Box } from '@chakra-ui/react'
import { useEffect } from 'react'
import { type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router'
import type { LandingPageDefinition } from './page.ts'
import { loadLandingPage } from './pages.ts'
import { SectionList } from './section-list.tsx'
import { SlugContext } from './slug-context.ts'

/** /application/:slug — any landing page from landing-pages/<slug>.json; an unknown slug is a 404. */
export async function loader({ params }: LoaderFunctionArgs) {
  const page = params.slug ? await loadLandingPage(params.slug) : undefined
  if (!page) throw redirect('/404')
  return { slug: params.slug as string, page }
}

function setMeta(name: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)
  if (!tag) {
    tag = document.createElement('meta')
    tag.name = name
    document.head.append(tag)
  }
  tag.content = content
}

export function Component() {
  const { slug, page } = useLoaderData() as { slug: string; page: LandingPageDefinition }
  useEffect(() => {
    const previous = document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? ''
    document.title = `${page.title} - 咖簿网`
    setMeta('description', page.description)
    return () => setMeta('description', previous)
  }, [page])
  return (
    <SlugContext.Provider value={slug}>
      <Box flex="1" bg="bg" pb="12">
        <SectionList sections={page.sections} />
      </Box>
    </SlugContext.Provider>
  )
}
