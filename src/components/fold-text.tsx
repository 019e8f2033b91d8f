import { Box, Button, Text, type TextProps } from '@chakra-ui/react'
import { useId, useState } from 'react'
import { FOLD_CHARS } from '../lib/constants.ts'

/** The first `limit` characters (code points, so no emoji or rare CJK character is cut in half). */
export function foldAt(text: string, limit: number): { shown: string; folded: boolean } {
  const chars = Array.from(text)
  if (chars.length <= limit) return { shown: text, folded: false }
  return { shown: `${chars.slice(0, limit).join('').trimEnd()}…`, folded: true }
}

/**
 * Long text folded after `limit` characters with 展开 / 收起 (SPEC §9: 80 by default, 280 in the
 * work detail). Counting characters rather than measuring lines gives the server and the browser the
 * same markup, so public pages hydrate without a shift. Line breaks in the text are kept.
 */
export function FoldText({
  text,
  limit = FOLD_CHARS.default,
  ...textProps
}: { text: string; limit?: number } & Omit<TextProps, 'children'>) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const { shown, folded } = foldAt(text, limit)
  return (
    <Box data-testid="fold-text" data-folded={folded && !open ? 'true' : 'false'}>
      <Text id={id} whiteSpace="pre-wrap" wordBreak="break-word" lineHeight="tall" {...textProps}>
        {open ? text : shown}
      </Text>
      {folded && (
        <Button
          variant="plain"
          size="xs"
          p="0"
          minW="0"
          h="auto"
          mt="1"
          color="brand.600"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {open ? '收起' : '展开'}
        </Button>
      )}
    </Box>
  )
}
