import { Box, Grid, Text } from '@chakra-ui/react'
import type { TimelineProps } from '../../../../../definitions/landing/sections/timeline.ts'

/** A day's programme: the time in its own column on wider screens, above the title on phones. */
export function Agenda({ items }: Pick<TimelineProps, 'items'>) {
  return (
    <Box as="ol" borderWidth="1px" borderColor="border" borderRadius="2xl" bg="bg" overflow="hidden">
      {items.map((item, index) => (
        <Grid
          as="li"
          // Index keys: a programme is static and the same time may repeat.
          key={index}
          templateColumns={{ base: '1fr', sm: '9rem 1fr', md: '11rem 1fr' }}
          gap={{ base: 1, sm: 6 }}
          px={{ base: 4, md: 8 }}
          py={{ base: 4, md: 5 }}
          borderTopWidth={index === 0 ? '0' : '1px'}
          borderColor="border"
          _hover={{ bg: 'brand.50/50' }}
        >
          <Text fontWeight="semibold" color="brand.600" fontVariantNumeric="tabular-nums" pt="0.5">
            {item.time}
          </Text>
          <Box minW="0">
            <Text fontWeight="semibold" fontSize={{ base: 'md', md: 'lg' }}>
              {item.title}
            </Text>
            {item.text && (
              <Text mt="1" color="fg.muted" lineHeight="tall" whiteSpace="pre-line">
                {item.text}
              </Text>
            )}
            {item.speaker && (
              <Text mt="2" fontSize="sm" color="brand.700" fontWeight="medium">
                {item.speaker}
              </Text>
            )}
          </Box>
        </Grid>
      ))}
    </Box>
  )
}
