import { Button, Container, Stack, Text } from '@chakra-ui/react'
import { isRouteErrorResponse, useRouteError } from 'react-router'

/** Shown when a page fails to load (a failed request, a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError()
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : ''
  return (
    <Container maxW="2xl" py="24" textAlign="center">
      <Stack gap="4" align="center">
        <Text as="h1" fontSize="2xl" fontWeight="bold">
          页面加载失败
        </Text>
        <Text color="fg.muted">{detail || '网络异常，请稍后重试。'}</Text>
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      </Stack>
    </Container>
  )
}
