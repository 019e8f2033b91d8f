import { Box } from '@chakra-ui/react'
import { useEffect } from 'react'
import { type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router'
import { assetUrl } from '../../lib/paths.ts'
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

/** Sets <meta name|property=… content=…>, creating it when missing; returns the previous content. */
function setMeta(attribute: 'name' | 'property', key: string, content: string): string {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`)
  if (!tag) {
    tag = document.createElement('meta')
    tag.setAttribute(attribute, key)
    document.head.append(tag)
  }
  const previous = tag.content
  tag.content = content
  return previous
}

export function Component() {
  const { slug, page } = useLoaderData() as { slug: string; page: LandingPageDefinition }
  useEffect(() => {
    document.title = `${page.title} - 咖簿网`
    // Share cards (WeChat, Weibo) read the Open Graph tags.
    const restore: Array<['name' | 'property', string, string]> = [
      ['name', 'description', setMeta('name', 'description', page.description)],
      ['property', 'og:title', setMeta('property', 'og:title', page.title)],
      ['property', 'og:description', setMeta('property', 'og:description', page.description)],
    ]
    if (page.shareImage) {
      restore.push([
        'property',
        'og:image',
        setMeta('property', 'og:image', new URL(assetUrl(page.shareImage.src), location.href).href),
      ])
    }
    return () => {
      for (const [attribute, key, content] of restore) setMeta(attribute, key, content)
    }
  }, [page])
  return (
    <SlugContext.Provider value={slug}>
      <Box flex="1" bg="bg" pb="12">
        <SectionList sections={page.sections} />
      </Box>
    </SlugContext.Provider>
  )
}
