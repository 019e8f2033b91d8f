import { Box, Flex } from '@chakra-ui/react'

/** Date, place and the like as chips; a description list, so screen readers pair label and value. */
export function MetaChips({
  meta,
  dark,
  justify,
}: {
  meta: Array<{ label: string; value: string }>
  dark: boolean
  justify: 'flex-start' | 'center'
}) {
  if (meta.length === 0) return null
  return (
    <Flex as="dl" wrap="wrap" gap="2" justify={justify}>
      {meta.map((item) => (
        <Box
          key={item.label}
          display="flex"
          maxW="full"
          px="3.5"
          py="1.5"
          borderRadius="full"
          borderWidth="1px"
          fontSize={{ base: 'sm', md: 'md' }}
          bg={dark ? 'whiteAlpha.200' : 'white'}
          borderColor={dark ? 'whiteAlpha.300' : 'colorPalette.100'}
          backdropFilter="blur(6px)"
        >
          <Box as="dt" opacity={0.8} flexShrink={0}>
            {item.label}：
          </Box>
          <Box as="dd" fontWeight="semibold" minW="0">
            {item.value}
          </Box>
        </Box>
      ))}
    </Flex>
  )
}
