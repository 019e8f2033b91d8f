import { Box, Tabs as ChakraTabs } from '@chakra-ui/react'
import { SectionFrame } from '../../parts/frame.tsx'
import { SectionList } from '../../section-list.tsx'
import type { TabsProps } from './index.ts'

// Every section sits in a padded Container of its own; inside a tab the tab already gives the room,
// so the nested frames (marked data-landing-frame) lose their side padding and most of their height.
const NESTED = { '& [data-landing-frame]': { px: '0', py: { base: '4', md: '6' } } }

/** Tabs, each holding its own list of sections; a tab's sections load when it is first opened. */
export default function Tabs({ title, tabs }: TabsProps) {
  return (
    <SectionFrame title={title}>
      <ChakraTabs.Root defaultValue="0" variant="line" colorPalette="brand" size="lg" lazyMount>
        {/* Many tabs scroll sideways on a phone instead of widening the page. */}
        <ChakraTabs.List overflowX="auto" overflowY="hidden" css={{ scrollbarWidth: 'none' }}>
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
