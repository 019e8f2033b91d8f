import { Box, chakra, Stack, Text } from '@chakra-ui/react'
import type { FaqProps } from '../../../../../definitions/landing/sections/faq.ts'
import { SectionFrame } from '../../parts/frame.tsx'

// The trimmed theme (src/app/theme-config.ts) has no accordion recipe, so each question is a native
// <details>: keyboard and screen-reader support come free, and no JavaScript is needed to open it.
const Details = chakra('details')
const Summary = chakra('summary')

function Chevron() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

/** Questions and answers, each opening on its own. */
export default function Faq({ title, items }: FaqProps) {
  return (
    // The same centred column as the sign-up form it usually follows.
    <SectionFrame title={title} narrow>
      <Stack gap="3">
        {items.map((item) => (
          <Details
            key={item.q}
            bg="bg"
            borderWidth="1px"
            borderColor="border"
            borderRadius="xl"
            transition="border-color 0.2s, box-shadow 0.2s"
            _open={{ borderColor: 'brand.200', boxShadow: 'sm' }}
            css={{ '&[open] summary svg': { transform: 'rotate(180deg)' } }}
          >
            <Summary
              display="flex"
              alignItems="center"
              gap="4"
              px={{ base: 4, md: 6 }}
              py="4"
              cursor="pointer"
              fontWeight="semibold"
              fontSize={{ base: 'md', md: 'lg' }}
              listStyle="none"
              borderRadius="xl"
              focusVisibleRing="inside"
              css={{
                '&::-webkit-details-marker': { display: 'none' },
                '& svg': { transition: 'transform 0.2s' },
              }}
            >
              <Text as="span" flex="1" minW="0">
                {item.q}
              </Text>
              <Box color="brand.600" flexShrink={0}>
                <Chevron />
              </Box>
            </Summary>
            <Text px={{ base: 4, md: 6 }} pb="5" color="fg.muted" lineHeight="tall" whiteSpace="pre-line">
              {item.a}
            </Text>
          </Details>
        ))}
      </Stack>
    </SectionFrame>
  )
}
