import { Box, Heading, Icon, Stack, Text } from '@chakra-ui/react'

/** Shown in place of the form once the server has stored the sign-up. */
export function SuccessPanel({ title, text }: { title: string; text: string }) {
  return (
    <Stack role="status" align="center" textAlign="center" gap="3" py={{ base: 6, md: 10 }}>
      <Box
        display="flex"
        alignItems="center"
        justifyContent="center"
        boxSize="16"
        borderRadius="full"
        bg="green.100"
      >
        <Icon boxSize="8" color="green.600">
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="m5 12.5 4.5 4.5L19 7.5" />
          </svg>
        </Icon>
      </Box>
      <Heading as="h3" size="xl">
        {title}
      </Heading>
      <Text color="fg.muted" lineHeight="tall" maxW="md" whiteSpace="pre-line">
        {text}
      </Text>
    </Stack>
  )
}
