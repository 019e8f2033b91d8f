import { Box, Heading, List, Text } from '@chakra-ui/react'
import type { RichBlock } from '../../../../../definitions/landing/sections/rich-text.ts'
import { LandingImage } from '../../parts/landing-image.tsx'

// Staff write plain strings, never HTML: each kind maps to one element, and line breaks they type
// (\n) are kept with pre-line rather than by parsing markup.
export function Block({ block }: { block: RichBlock }) {
  switch (block.kind) {
    case 'heading':
      return (
        <Heading as="h3" size="xl" pt="2">
          {block.text}
        </Heading>
      )
    case 'paragraph':
      return (
        <Text fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.85" whiteSpace="pre-line">
          {block.text}
        </Text>
      )
    case 'list':
      return (
        <List.Root
          as={block.ordered ? 'ol' : 'ul'}
          listStyleType={block.ordered ? 'decimal' : 'disc'}
          ps="6"
          gap="2"
          fontSize={{ base: 'md', md: 'lg' }}
          lineHeight="1.75"
        >
          {block.items.map((item, index) => (
            // Index keys: list items are static text that may repeat.
            <List.Item key={index} _marker={{ color: 'brand.500' }}>
              {item}
            </List.Item>
          ))}
        </List.Root>
      )
    case 'quote':
      return (
        <Box
          as="figure"
          borderStartWidth="4px"
          borderColor="brand.500"
          bg="brand.50"
          ps="5"
          pe="4"
          py="4"
          roundedEnd="lg"
        >
          <Box
            as="blockquote"
            fontSize={{ base: 'md', md: 'lg' }}
            lineHeight="1.8"
            color="brand.950"
            whiteSpace="pre-line"
          >
            {block.text}
          </Box>
          {block.cite && (
            <Box as="figcaption" mt="2" fontSize="sm" color="fg.muted">
              —— {block.cite}
            </Box>
          )}
        </Box>
      )
    case 'image':
      return (
        <Box as="figure">
          <LandingImage image={block.image} w="full" h="auto" borderRadius="xl" />
          {block.caption && (
            <Box as="figcaption" mt="2" fontSize="sm" color="fg.muted" textAlign="center">
              {block.caption}
            </Box>
          )}
        </Box>
      )
  }
}
