import { useEffect } from 'react'
import { useLocation, useMatches } from 'react-router'
import { headOf, type ResolvedHead } from '../lib/page-head.ts'
import { assetUrl, toAddress } from '../lib/paths.ts'

/** The tags of a page's <head>: the server's HTML carries them (src/entry-server.tsx), navigation updates them. */
export function headTags(head: ResolvedHead, origin: string, sitePath: string) {
  const absolute = (address: string) => new URL(address, origin).href
  const url = absolute(toAddress(head.canonical ?? sitePath))
  return {
    title: head.title,
    canonical: url,
    meta: [
      ['name', 'description', head.description],
      ['property', 'og:type', 'website'],
      ['property', 'og:site_name', '咖簿网'],
      ['property', 'og:title', head.ogTitle],
      ['property', 'og:description', head.description],
      ['property', 'og:image', absolute(assetUrl(head.image))],
      ['property', 'og:url', url],
    ] as Array<['name' | 'property', string, string]>,
  }
}

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`)
  if (!tag) {
    tag = document.createElement('meta')
    tag.setAttribute(attribute, key)
    document.head.append(tag)
  }
  tag.content = content
}

/**
 * Keeps <head> in step with client-side navigation. The first page's tags came with the server's
 * HTML; a private page (no head of its own) leaves the tags as they were.
 */
export function DocumentHead() {
  const matches = useMatches()
  const { pathname } = useLocation()
  const head = headOf(matches)
  const { title, description, image, ogTitle, canonical: canonicalPath } = head ?? {}
  useEffect(() => {
    if (title === undefined || description === undefined || image === undefined || ogTitle === undefined)
      return
    const tags = headTags(
      { title, description, image, ogTitle, canonical: canonicalPath },
      location.origin,
      pathname,
    )
    document.title = tags.title
    for (const [attribute, name, content] of tags.meta) setMeta(attribute, name, content)
    let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
    if (!canonical) {
      canonical = document.createElement('link')
      canonical.rel = 'canonical'
      document.head.append(canonical)
    }
    canonical.href = tags.canonical
  }, [title, description, image, ogTitle, canonicalPath, pathname])
  return null
}
