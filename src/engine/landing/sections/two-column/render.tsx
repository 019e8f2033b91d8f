import { Box, Grid } from '@chakra-ui/react'
import type { TwoColumnProps } from '../../../../../definitions/landing/sections/two-column.ts'
import { SectionFrame } from '../../parts/frame.tsx'
import { SectionList } from '../../section-list.tsx'

const TEMPLATES: Record<TwoColumnProps['ratio'], string> = {
  '1:1': 'minmax(0, 1fr) minmax(0, 1fr)',
  '1:2': 'minmax(0, 1fr) minmax(0, 2fr)',
  '2:1': 'minmax(0, 2fr) minmax(0, 1fr)',
}

// Each section brings a padded Container; in a column the grid gives the room, so nested frames
// (marked data-landing-frame) lose their side padding and most of their height.
const NESTED = { '& [data-landing-frame]': { px: '0', py: { base: '3', md: '4' } } }

/** Two columns of sections side by side from tablet width up, one above the other on phones. */
export default function TwoColumn({ title, ratio, left, right }: TwoColumnProps) {
  return (
    <SectionFrame title={title}>
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', md: TEMPLATES[ratio] }}
        gap={{ base: 2, md: 10 }}
        alignItems="start"
      >
        {/* minW 0: a grid cell otherwise grows to its widest child (a carousel, a long word) and overflows. */}
        <Box minW="0" css={NESTED}>
          <SectionList sections={left} nested />
        </Box>
        <Box minW="0" css={NESTED}>
          <SectionList sections={right} nested />
        </Box>
      </Grid>
    </SectionFrame>
  )
}
