import { Container, Heading, Stack } from '@chakra-ui/react'
import { Block } from './block.tsx'
import type { RichTextProps } from './index.ts'

/** Text and pictures from structured blocks; narrow keeps lines at a comfortable reading length. */
export default function RichText({ title, width, blocks }: RichTextProps) {
  return (
    <Container maxW={width === 'narrow' ? '3xl' : '6xl'} py={{ base: 10, md: 16 }} data-landing-frame="">
      {title && (
        <Heading as="h2" size="2xl" mb={{ base: 6, md: 8 }}>
          {title}
        </Heading>
      )}
      <Stack gap="5">
        {blocks.map((block, index) => (
          // Index keys: blocks come from a static page file and never reorder.
          <Block key={index} block={block} />
        ))}
      </Stack>
    </Container>
  )
}
