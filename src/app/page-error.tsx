import { Button } from '@chakra-ui/react'
import { useEffect } from 'react'
import { useRevalidator, useRouteError } from 'react-router'
import { FailureNotice } from './failure-notice.tsx'
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
  const action = failure.staleBuild ? (
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
  )
  return <FailureNotice failure={failure} action={action} testId="page-error" />
}
