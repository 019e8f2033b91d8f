import { Box, Text } from '@chakra-ui/react'
import type { SpeakersProps } from '../../../../../definitions/landing/sections/speakers.ts'
import { FoldText } from '../../../../components/fold-text.tsx'
import { BalancedGrid } from '../../parts/balanced-grid.tsx'
import { SectionFrame } from '../../parts/frame.tsx'
import { LandingImage } from '../../parts/landing-image.tsx'

/**
 * Guests, mentors or judges as cards: round photo, name, title, organisation and a folded biography.
 * Rows are balanced by the number of people (5 → 3+2, 3 → one row of 3), short last rows centred.
 */
export default function Speakers({ title, people }: SpeakersProps) {
  return (
    <SectionFrame title={title}>
      <BalancedGrid count={people.length} max={{ base: 1, sm: 2, md: 3, lg: 4 }} gap={{ base: '4', md: '6' }}>
        {people.map((person) => (
          // Phones: photo beside the text, so a column of cards stays short; wider: photo on top.
          <Box
            key={`${person.name}-${person.role}`}
            display={{ base: 'flex', sm: 'block' }}
            gap="4"
            alignItems="flex-start"
            bg="bg"
            borderWidth="1px"
            borderColor="border"
            borderRadius="2xl"
            p={{ base: 4, md: 6 }}
            textAlign={{ base: 'start', sm: 'center' }}
            transition="box-shadow 0.2s, transform 0.2s"
            _hover={{ boxShadow: 'lg', transform: 'translateY(-2px)' }}
          >
            <LandingImage
              image={person.photo}
              boxSize={{ base: 20, md: 28 }}
              flexShrink={0}
              mx={{ base: '0', sm: 'auto' }}
              borderRadius="full"
              fit="cover"
              outline="4px solid"
              outlineColor="brand.50"
            />
            <Box minW="0" flex="1" mt={{ base: 0, sm: 4 }}>
              <Text fontSize="lg" fontWeight="bold">
                {person.name}
              </Text>
              <Text mt="1" fontSize="sm" color="brand.700" fontWeight="medium">
                {person.role}
              </Text>
              {person.org && (
                <Text fontSize="sm" color="fg.muted">
                  {person.org}
                </Text>
              )}
              {/* Folded at the site's 80 characters (SPEC §9), like every long text. */}
              {person.bio && (
                <Box mt="3">
                  <FoldText text={person.bio} fontSize="sm" color="fg.muted" />
                </Box>
              )}
            </Box>
          </Box>
        ))}
      </BalancedGrid>
    </SectionFrame>
  )
}
