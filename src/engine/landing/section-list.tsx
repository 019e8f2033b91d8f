import { Box, Container, Skeleton, Text } from '@chakra-ui/react'
import {
  Component,
  type ComponentType,
  lazy,
  memo,
  type ReactNode,
  type RefObject,
  Suspense,
  useEffect,
  useId,
  useRef,
} from 'react'
import type { SectionEntry } from '../../../definitions/landing/define.ts'
import { HydrationGate } from '../../components/deferred-hydration.tsx'
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
      lazy(() => {
        // Code a gate has loaded meanwhile is handed over at once (a thenable that calls back
        // synchronously), so the section hydrates without suspending once more.
        const ready = loaded.get(type)
        if (ready)
          return {
            // biome-ignore lint/suspicious/noThenProperty: a thenable that resolves synchronously is the point.
            then: (resolve: (m: RendererModule) => void) => resolve({ default: ready }),
          } as Promise<RendererModule>
        return loadRenderers([type]).then(() => ({ default: loaded.get(type) as Renderer }))
      })
    renderers.set(type, renderer)
  }
  return renderer
}

/** Loads the renderers of these section types, so rendering them later never suspends. */
function loadRenderers(types: Iterable<SectionType>): Promise<unknown> {
  return Promise.all(
    [...types].map(async (type) => {
      if (loaded.has(type)) return
      const module = (await SECTIONS[type].load()) as unknown as RendererModule
      loaded.set(type, module.default)
    }),
  )
}

/** The section types in an entry and in the section lists nested anywhere in its props (tabs, columns). */
function typesWithin(value: unknown, found = new Set<SectionType>()): Set<SectionType> {
  if (Array.isArray(value)) {
    for (const item of value) typesWithin(item, found)
  } else if (value && typeof value === 'object') {
    const { type } = value as { type?: unknown }
    if (typeof type === 'string' && isSectionType(type)) found.add(type)
    for (const child of Object.values(value)) typesWithin(child, found)
  }
  return found
}

/**
 * Loads every section renderer before the first render (the server does): a page rendered then
 * never suspends, so its HTML is complete and needs no inline script to fill in late sections.
 */
export async function loadAllSections(): Promise<void> {
  await loadRenderers(Object.keys(SECTIONS) as SectionType[])
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

/**
 * Sections after the first start below the fold on a phone: the browser skips their style, layout
 * and paint until they near the viewport (a long page's first layout was most of its main-thread
 * time), keeping a placeholder height meanwhile.
 */
const OFFSCREEN_UNTIL_NEEDED = { contentVisibility: 'auto', containIntrinsicSize: 'auto 640px' } as const
/** How far ahead a skipped section is rendered for good, so its real height never moves what is on screen. */
const REVEAL_MARGIN = '1000px'

/** Renders a skipped section for good once it comes within REVEAL_MARGIN of the viewport. */
function useRevealAhead(ref: RefObject<HTMLElement | null>, skipped: boolean) {
  useEffect(() => {
    const element = ref.current
    if (!skipped || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        element.style.contentVisibility = 'visible'
        observer.disconnect()
      },
      { rootMargin: REVEAL_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, skipped])
}

/** One section in its frame; memoised so a parent's re-render does not reach a section still hydrating. */
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
  const ref = useRef<HTMLElement>(null)
  const skipped = !nested && !first
  useRevealAhead(ref, skipped)
  if ('include' in entry || !isSectionType(entry.type)) return null
  const type = entry.type
  const Renderer = rendererOf(type)
  const props = { ...SECTIONS[type].defaults, ...entry.props } as Record<string, unknown>
  return (
    <Box
      ref={ref}
      as={nested ? 'div' : 'section'}
      id={entry.id}
      data-section={type}
      data-hydrate={anchor}
      style={skipped ? OFFSCREEN_UNTIL_NEEDED : undefined}
    >
      <SectionBoundary type={type}>
        <Suspense
          fallback={<Skeleton h={nested ? '24' : '48'} borderRadius="lg" mx={nested ? '0' : '4'} my="4" />}
        >
          {nested ? (
            // Hydrates with its container, whose gate has loaded its code.
            <Renderer {...props} />
          ) : (
            <HydrationGate anchor={anchor} prepare={() => loadRenderers(typesWithin(entry))}>
              <Renderer {...props} />
            </HydrationGate>
          )}
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
