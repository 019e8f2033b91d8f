import { Box, Text } from '@chakra-ui/react'
import type { StatsProps } from '../../../../../definitions/landing/sections/stats.ts'
import { BalancedGrid } from '../../parts/balanced-grid.tsx'
import { SectionFrame } from '../../parts/frame.tsx'

/**
 * Headline figures on a brand-tinted band: up to five in a row on desktop, four on tablets, two on
 * phones, with the rows balanced (5 → 3+2 on tablets, 6 → 3+3) and a short last row centred.
 */
export default function Stats({ title, items }: StatsProps) {
  return (
    <SectionFrame title={title}>
      <BalancedGrid
        as="dl"
        count={items.length}
        max={{ base: 2, md: 4, lg: 5 }}
        gap={{ base: '6', md: '8' }}
        m="0"
        px={{ base: 5, md: 10 }}
        py={{ base: 7, md: 10 }}
        borderRadius="2xl"
        bgGradient="to-br"
        gradientFrom="brand.50"
        gradientTo="brand.100"
        borderWidth="1px"
        borderColor="brand.100"
      >
        {items.map((item) => (
          // The label comes first in the markup (dt before dd) and second on screen, so a screen
          // reader says "参赛作品 3,200+ 件" while the eye sees the figure first.
          <Box key={item.label} display="flex" flexDirection="column-reverse" textAlign="center" minW="0">
            <Box as="dt" mt="2" fontSize={{ base: 'sm', md: 'md' }} color="brand.900" opacity={0.8}>
              {item.label}
            </Box>
            <Box
              as="dd"
              display="flex"
              alignItems="baseline"
              justifyContent="center"
              gap="1"
              color="brand.700"
            >
              <Text
                as="span"
                fontSize={{ base: '3xl', md: '5xl' }}
                fontWeight="bold"
                lineHeight="1.1"
                fontVariantNumeric="tabular-nums"
              >
                {item.value}
              </Text>
              {item.unit && (
                <Text as="span" fontSize={{ base: 'sm', md: 'lg' }} fontWeight="semibold" color="accent.600">
                  {item.unit}
                </Text>
              )}
            </Box>
          </Box>
        ))}
      </BalancedGrid>
    </SectionFrame>
  )
}
