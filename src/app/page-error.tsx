import { Button, Container, Stack, Text } from '@chakra-ui/react'
import { useEffect } from 'react'
import { useRevalidator, useRouteError } from 'react-router'
import { describeRouteFailure } from './route-failure.ts'

/**
 * A page that failed to load (its data or its code), shown inside the shell: header, footer,
 * back-to-top and toasts stay usable. A data failure is retried in place by running the page's
 * loaders again; a chunk missing after a deploy needs the new build, so that retry reloads.
 */
export function PageError() {
  const failure = describeRouteFailure(useRouteError())
  const revalidator = useRevalidator()
  useEffect(() => {
    document.title = `${failure.title} - 咖簿网`
  }, [failure.title])
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }} textAlign="center" data-testid="page-error">
      <Stack gap="4" align="center">
        <Text as="h1" fontSize="2xl" fontWeight="bold">
          {failure.title}
        </Text>
        <Text color="fg.muted">{failure.detail}</Text>
        {failure.staleBuild ? (
          <Button colorPalette="brand" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
        ) : (
          <Button
            colorPalette="brand"
            loading={revalidator.state === 'loading'}
            loadingText="重试中…"
            onClick={() => void revalidator.revalidate()}
          >
            重试
          </Button>
        )}
      </Stack>
    </Container>
  )
}
