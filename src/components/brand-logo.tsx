import { Box, HStack, Text } from '@chakra-ui/react'

/** The Kabu wordmark: drawn, not an image, so it is crisp at any size and costs no request. */
export function BrandLogo({ inverted = false }: { inverted?: boolean }) {
  return (
    // role="img": an aria-label is only allowed on an element with a role (a bare div may not carry
    // one), and the drawn wordmark is, to a screen reader, one picture named 咖簿网.
    <HStack gap="2" role="img" aria-label="咖簿网">
      <Box
        as="span"
        display="inline-flex"
        w="9"
        h="9"
        borderRadius="lg"
        bg={inverted ? 'white' : 'brand.600'}
        color={inverted ? 'brand.700' : 'white'}
        alignItems="center"
        justifyContent="center"
        fontWeight="black"
        fontSize="lg"
        aria-hidden
      >
        K
      </Box>
      <Box lineHeight="1.1" aria-hidden>
        <Text fontWeight="bold" fontSize="lg" color={inverted ? 'white' : 'brand.700'} letterSpacing="wide">
          咖簿网
        </Text>
        <Text fontSize="2xs" color={inverted ? 'whiteAlpha.800' : 'fg.muted'} letterSpacing="widest">
          KABU DESIGN
        </Text>
      </Box>
    </HStack>
  )
}
