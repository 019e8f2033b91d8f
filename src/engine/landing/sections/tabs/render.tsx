import { Box, Tabs as ChakraTabs } from '@chakra-ui/react'
import type { TabsProps } from '../../../../../definitions/landing/sections/tabs.ts'
import { SectionFrame } from '../../parts/frame.tsx'
import { SectionList } from '../../section-list.tsx'

// Every section sits in a padded Container of its own; inside a tab the tab already gives the room,
// so the nested frames (marked data-landing-frame) lose their side padding and most of their height.
const NESTED = { '& [data-landing-frame]': { px: '0', py: { base: '4', md: '6' } } }

// Scroll shadows in CSS alone (no measuring, so the server's markup is final): two page-coloured
// covers scroll with the labels (`local`) and hide the two shadows, which stay at the edges
// (`scroll`), whenever that end is reached. With every tab in view no shadow shows at all.
const COVER = 'var(--chakra-colors-bg)'
const SHADOW = 'rgba(15, 23, 42, 0.4)'
const SCROLL_SHADOWS = {
  scrollbarWidth: 'none',
  background: [
    `linear-gradient(to right, ${COVER} 40%, transparent) left center / 48px 100% no-repeat local`,
    `linear-gradient(to left, ${COVER} 40%, transparent) right center / 48px 100% no-repeat local`,
    `radial-gradient(farthest-side at 0 50%, ${SHADOW}, transparent) left center / 20px 100% no-repeat scroll`,
    `radial-gradient(farthest-side at 100% 50%, ${SHADOW}, transparent) right center / 20px 100% no-repeat scroll`,
  ].join(', '),
}

/** Tabs, each holding its own list of sections; a tab's sections load when it is first opened. */
export default function Tabs({ title, tabs }: TabsProps) {
  return (
    <SectionFrame title={title}>
      <ChakraTabs.Root defaultValue="0" variant="line" colorPalette="brand" size="lg" lazyMount>
        {/* Many tabs scroll sideways on a phone instead of widening the page; a shadow at a cut edge says so. */}
        <ChakraTabs.List overflowX="auto" overflowY="hidden" css={SCROLL_SHADOWS}>
          {tabs.map((tab, index) => (
            <ChakraTabs.Trigger
              key={tab.label}
              value={String(index)}
              flexShrink={0}
              whiteSpace="nowrap"
              _selected={{ color: 'brand.700' }}
            >
              {tab.label}
            </ChakraTabs.Trigger>
          ))}
        </ChakraTabs.List>
        {tabs.map((tab, index) => (
          <ChakraTabs.Content key={tab.label} value={String(index)}>
            <Box css={NESTED}>
              <SectionList sections={tab.sections} nested />
            </Box>
          </ChakraTabs.Content>
        ))}
      </ChakraTabs.Root>
    </SectionFrame>
  )
}
