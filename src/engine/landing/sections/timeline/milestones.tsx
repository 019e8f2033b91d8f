import { Box, Text } from '@chakra-ui/react'
import type { TimelineProps } from '../../../../../definitions/landing/sections/timeline.ts'

/** A history: one vertical line, a dot per milestone. */
export function Milestones({ items }: Pick<TimelineProps, 'items'>) {
  return (
    // The vertical line is drawn by ::before: an <ol> may hold only <li> children.
    <Box
      as="ol"
      position="relative"
      ps={{ base: 8, md: 10 }}
      _before={{
        content: '""',
        position: 'absolute',
        top: '2',
        bottom: '2',
        insetStart: { base: '11px', md: '15px' },
        w: '2px',
        bg: 'brand.100',
      }}
    >
      {items.map((item, index) => (
        // Index keys: a history is static and the same year may repeat.
        <Box
          as="li"
          key={index}
          position="relative"
          pb={index === items.length - 1 ? '0' : { base: 7, md: 9 }}
        >
          <Box
            position="absolute"
            top="1"
            insetStart={{ base: '-28px', md: '-32px' }}
            boxSize="4"
            borderRadius="full"
            bg="bg"
            borderWidth="4px"
            borderColor={index === items.length - 1 ? 'accent.500' : 'brand.500'}
          />
          <Text fontWeight="bold" color="brand.600" fontSize={{ base: 'md', md: 'lg' }}>
            {item.time}
          </Text>
          <Text mt="1" fontWeight="semibold" fontSize={{ base: 'md', md: 'lg' }}>
            {item.title}
          </Text>
          {item.text && (
            <Text mt="1" color="fg.muted" lineHeight="tall" maxW="2xl" whiteSpace="pre-line">
              {item.text}
            </Text>
          )}
          {item.speaker && (
            <Text mt="1" fontSize="sm" color="brand.700">
              {item.speaker}
            </Text>
          )}
        </Box>
      ))}
    </Box>
  )
}
