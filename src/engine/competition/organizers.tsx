import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { organizerTree } from '../../../definitions/competition/organizers.ts'
import type { CompetitionDefinition } from '../../../definitions/competition/types.ts'
import { SectionFrame } from '../landing/parts/frame.tsx'

/**
 * 主办、协办与支持单位 at the foot of a competition's index page, from the definition's `organizers`
 * (the same groups /common/NYDCtreeCoOrganizer and /common/supportUnits serve). Nothing when the
 * definition names none.
 */
export function Organizers({ organizers }: { organizers: CompetitionDefinition['organizers'] }) {
  const groups = organizerTree(organizers)
  if (!groups.length) return null
  return (
    <SectionFrame title="组织机构" as="section" aria-label="组织机构">
      <SimpleGrid columns={{ base: 1, md: Math.min(groups.length, 3) }} gap={{ base: 6, md: 8 }}>
        {groups.map((group) => (
          <Box key={group.id} borderTopWidth="3px" borderColor="brand.500" pt="4" minW="0">
            <Heading as="h3" size="md" mb="3">
              {group.name}
            </Heading>
            <Stack as="ul" gap="2" listStyleType="none" ms="0">
              {group.children.map((unit) => (
                <Text as="li" key={unit.id} color="fg.muted" lineHeight="tall" overflowWrap="anywhere">
                  {unit.name}
                </Text>
              ))}
            </Stack>
          </Box>
        ))}
      </SimpleGrid>
    </SectionFrame>
  )
}
