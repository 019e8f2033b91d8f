import { Box, Container, Heading, Image, SimpleGrid, Text } from '@chakra-ui/react'
import { assetUrl } from '../../../../lib/paths.ts'
import { Bio } from './bio.tsx'
import type { SpeakersProps } from './index.ts'

/** Guests, mentors or judges as cards: round photo, name, title, organisation and a folded biography. */
export default function Speakers({ title, people }: SpeakersProps) {
  return (
    <Container maxW="6xl" py={{ base: 10, md: 16 }} data-landing-frame="">
      {title && (
        <Heading as="h2" size="2xl" mb={{ base: 6, md: 8 }}>
          {title}
        </Heading>
      )}
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={{ base: 4, md: 6 }}>
        {people.map((person) => (
          <Box
            key={`${person.name}-${person.role}`}
            bg="bg"
            borderWidth="1px"
            borderColor="border"
            borderRadius="2xl"
            p={{ base: 5, md: 6 }}
            textAlign="center"
            transition="box-shadow 0.2s, transform 0.2s"
            _hover={{ boxShadow: 'lg', transform: 'translateY(-2px)' }}
          >
            <Image
              src={assetUrl(person.photo.src)}
              alt={person.photo.alt}
              htmlWidth={person.photo.width}
              htmlHeight={person.photo.height}
              loading="lazy"
              decoding="async"
              boxSize={{ base: 24, md: 28 }}
              mx="auto"
              borderRadius="full"
              fit="cover"
              outline="4px solid"
              outlineColor="brand.50"
            />
            <Text mt="4" fontSize="lg" fontWeight="bold">
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
            {person.bio && <Bio text={person.bio} />}
          </Box>
        ))}
      </SimpleGrid>
    </Container>
  )
}
