import { Box, Container, Skeleton, Text } from '@chakra-ui/react'
import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react'
import type { SectionEntry } from './define.ts'
import { isSectionType, SECTIONS, type SectionType } from './registry.ts'

// One lazy component per section type, made once: React keeps each renderer after its first load.
const renderers = new Map<SectionType, ComponentType<Record<string, unknown>>>()
function rendererOf(type: SectionType): ComponentType<Record<string, unknown>> {
  let renderer = renderers.get(type)
  if (!renderer) {
    renderer = lazy(
      SECTIONS[type].load as unknown as () => Promise<{ default: ComponentType<Record<string, unknown>> }>,
    )
    renderers.set(type, renderer)
  }
  return renderer
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

/** Renders sections in order; nested lists (tabs, two columns) call it again with `nested`. */
export function SectionList({ sections, nested = false }: { sections: SectionEntry[]; nested?: boolean }) {
  return (
    <>
      {sections.map((entry, index) => {
        if ('include' in entry || !isSectionType(entry.type)) return null
        const type = entry.type
        const Renderer = rendererOf(type)
        const props = { ...SECTIONS[type].defaults, ...entry.props } as Record<string, unknown>
        return (
          <Box
            as={nested ? 'div' : 'section'}
            key={entry.id ?? `${type}-${index}`}
            id={entry.id}
            data-section={type}
          >
            <SectionBoundary type={type}>
              <Suspense
                fallback={
                  <Skeleton h={nested ? '24' : '48'} borderRadius="lg" mx={nested ? '0' : '4'} my="4" />
                }
              >
                <Renderer {...props} />
              </Suspense>
            </SectionBoundary>
          </Box>
        )
      })}
    </>
  )
}
