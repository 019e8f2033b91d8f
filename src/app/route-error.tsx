import { Button, Container, Stack, Text } from '@chakra-ui/react'
import { useRouteError } from 'react-router'
import { describeRouteFailure } from './route-failure.ts'

/**
 * The last resort, when the shell itself cannot render (a page's own failures show inside the shell:
 * see page-error.tsx). Nothing around it can be trusted, so its one way out is a full reload.
 */
export function RouteError() {
  const failure = describeRouteFailure(useRouteError())
  return (
    <Container maxW="2xl" py="24" textAlign="center">
      <Stack gap="4" align="center">
        <Text as="h1" fontSize="2xl" fontWeight="bold">
          {failure.title}
        </Text>
        <Text color="fg.muted">{failure.detail}</Text>
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      </Stack>
    </Container>
  )
}
