import { Stack } from '@chakra-ui/react'
import type { RichTextProps } from '../../../../../definitions/landing/sections/rich-text.ts'
import { SectionFrame } from '../../parts/frame.tsx'
import { Block } from './block.tsx'

/** Text and pictures from structured blocks; narrow keeps lines at a comfortable reading length. */
export default function RichText({ title, width, blocks }: RichTextProps) {
  return (
    <SectionFrame title={title} maxW={width === 'narrow' ? '3xl' : '6xl'}>
      <Stack gap="5">
        {blocks.map((block, index) => (
          // Index keys: blocks come from a static page file and never reorder.
          <Block key={index} block={block} />
        ))}
      </Stack>
    </SectionFrame>
  )
}
