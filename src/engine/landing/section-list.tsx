import { Box, Container, Skeleton, Text } from '@chakra-ui/react'
import { Component, type ComponentType, lazy, memo, type ReactNode, Suspense, useId } from 'react'
import { HydrationGate } from '../../components/deferred-hydration.tsx'
import type { SectionEntry } from './define.ts'
import { isSectionType, SECTIONS, type SectionType } from './registry.ts'

type Renderer = ComponentType<Record<string, unknown>>
type RendererModule = { default: Renderer }

/** Renderers whose code is already here: used directly, so rendering them never suspends. */
const loaded = new Map<SectionType, Renderer>()
/** The component each type renders with, chosen once: switching it later would remount the section. */
const renderers = new Map<SectionType, Renderer>()

function rendererOf(type: SectionType): Renderer {
  let renderer = renderers.get(type)
  if (!renderer) {
    // In the browser a section's code loads when a page first shows it; a server-rendered section
    // hydrates once its chunk arrives, and until then React leaves the server's markup in place.
    renderer =
      loaded.get(type) ??
      lazy(async () => {
        const module = (await SECTIONS[type].load()) as unknown as RendererModule
        loaded.set(type, module.default)
        return module
      })
    renderers.set(type, renderer)
  }
  return renderer
}

/**
 * Loads every section renderer before the first render (the server does): a page rendered then
 * never suspends, so its HTML is complete and needs no inline script to fill in late sections.
 */
export async function loadAllSections(): Promise<void> {
  await Promise.all(
    (Object.keys(SECTIONS) as SectionType[]).map(async (type) => {
      const module = (await SECTIONS[type].load()) as unknown as RendererModule
      loaded.set(type, module.default)
    }),
  )
}

/** A broken section shows a quiet note instead of taking the whole page down. */
class SectionBoundary extends Component<{ children: ReactNode; type: string }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <Container maxW="5xl" py="6">
        <Text color="fg.muted" fontSize="sm">
          此部分内容暂时无法显示，请刷新页面重试。
        </Text>
      </Container>
    )
  }
}

/** One section in its frame; memoised so a parent's re-render does not reach a section still hydrating. */
/**
 * Sections after the first start below the fold on a phone: the browser skips their style, layout
 * and paint until they near the viewport (a long page's first layout was most of its main-thread
 * time), keeping a placeholder height and, once rendered, their real one.
 */
const OFFSCREEN_UNTIL_NEEDED = { contentVisibility: 'auto', containIntrinsicSize: 'auto 640px' } as const

const SectionItem = memo(function SectionItem({
  entry,
  nested,
  first,
}: {
  entry: SectionEntry
  nested: boolean
  first: boolean
}) {
  const anchor = useId()
  if ('include' in entry || !isSectionType(entry.type)) return null
  const type = entry.type
  const Renderer = rendererOf(type)
  const props = { ...SECTIONS[type].defaults, ...entry.props } as Record<string, unknown>
  return (
    <Box
      as={nested ? 'div' : 'section'}
      id={entry.id}
      data-section={type}
      data-hydrate={anchor}
      style={nested || first ? undefined : OFFSCREEN_UNTIL_NEEDED}
    >
      <SectionBoundary type={type}>
        <Suspense
          fallback={<Skeleton h={nested ? '24' : '48'} borderRadius="lg" mx={nested ? '0' : '4'} my="4" />}
        >
          <HydrationGate anchor={anchor}>
            <Renderer {...props} />
          </HydrationGate>
        </Suspense>
      </SectionBoundary>
    </Box>
  )
})

/** Renders sections in order; nested lists (tabs, two columns) call it again with `nested`. */
export function SectionList({ sections, nested = false }: { sections: SectionEntry[]; nested?: boolean }) {
  return (
    <>
      {sections.map((entry, index) => (
        <SectionItem
          key={'include' in entry ? `include-${index}` : (entry.id ?? `${entry.type}-${index}`)}
          entry={entry}
          nested={nested}
          first={index === 0}
        />
      ))}
    </>
  )
}
