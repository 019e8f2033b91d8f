import { Button } from '@chakra-ui/react'
import { useRouteError } from 'react-router'
import { FailureNotice } from './failure-notice.tsx'
import { describeRouteFailure } from './route-failure.ts'

/**
 * The last resort, when the shell itself cannot render (a page's own failures show inside the shell:
 * see page-error.tsx). Nothing around it can be trusted, so its one way out is a full reload.
 */
export function RouteError() {
  return (
    <FailureNotice
      failure={describeRouteFailure(useRouteError())}
      action={
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      }
    />
  )
}
