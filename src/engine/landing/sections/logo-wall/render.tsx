import { Box, Flex, Stack, Text } from '@chakra-ui/react'
import { SectionFrame } from '../../parts/frame.tsx'
import type { LogoWallProps } from './index.ts'
import { LogoTile } from './logo-tile.tsx'

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
            <Flex wrap="wrap" gap="3" justify="center">
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
