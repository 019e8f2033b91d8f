import { Box, Flex, Stack, Text } from '@chakra-ui/react'
import type { LogoWallProps } from '../../../../../definitions/landing/sections/logo-wall.ts'
import { balancedColumns } from '../../parts/balanced-grid.tsx'
import { SectionFrame } from '../../parts/frame.tsx'
import { LogoTile } from './logo-tile.tsx'

// Tiles keep one width (logo-tile.tsx); what changes with the number of logos is how many share a row.
// The most a row holds per breakpoint (phones: two half-width tiles), and the tile width there.
const ROW_MAX = { sm: 2, md: 3, lg: 4, xl: 5 } as const
const TILE = { sm: '11rem', md: '12rem', lg: '12rem', xl: '12rem' } as const
const GAP = '0.75rem'

/**
 * The row width that gives `count` tiles balanced rows (6 → 3+3, not 5+1): the wrapping row is
 * narrowed to that many tiles and centred, so a short last row sits in the middle.
 */
function rowWidths(count: number) {
  return Object.fromEntries(
    (Object.keys(ROW_MAX) as Array<keyof typeof ROW_MAX>).map((bp) => {
      const columns = balancedColumns(count, ROW_MAX[bp])
      return [bp, `calc(${columns} * ${TILE[bp]} + ${columns - 1} * ${GAP})`]
    }),
  )
}

/** Organisers, co-organisers and supporters: each group under its own label, logos wrapping centred. */
export default function LogoWall({ title, groups }: LogoWallProps) {
  return (
    <SectionFrame title={title}>
      <Stack gap={{ base: 8, md: 10 }}>
        {groups.map((group, index) => (
          // Index keys: groups are static and may have no label to key on.
          <Box key={index}>
            {group.label && (
              <Flex align="center" gap="4" mb="4" color="fg.muted">
                <Box flex="1" h="1px" bg="border" />
                <Text fontSize="sm" fontWeight="semibold" letterSpacing="wider">
                  {group.label}
                </Text>
                <Box flex="1" h="1px" bg="border" />
              </Flex>
            )}
            <Flex wrap="wrap" gap={GAP} justify="center" maxW={rowWidths(group.logos.length)} mx="auto">
              {group.logos.map((logo) => (
                <LogoTile key={logo.name} logo={logo} />
              ))}
            </Flex>
          </Box>
        ))}
      </Stack>
    </SectionFrame>
  )
}
