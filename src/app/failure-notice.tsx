import { Container, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import type { RouteFailure } from './route-failure.ts'

/** How a failed load reads on screen, inside the shell or without it; `action` is the way out. */
export function FailureNotice({
  failure,
  action,
  testId,
}: {
  failure: RouteFailure
  action: ReactNode
  testId?: string
}) {
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }} textAlign="center" data-testid={testId}>
      <Stack gap="4" align="center">
        <Text as="h1" fontSize="2xl" fontWeight="bold">
          {failure.title}
        </Text>
        <Text color="fg.muted">{failure.detail}</Text>
        {action}
      </Stack>
    </Container>
  )
}
