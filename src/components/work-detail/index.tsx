import { Alert, Skeleton, Stack } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import type { WorkDetail as WorkDetailData } from '../../../schemas/api/works.ts'
import { useUserStore } from '../../stores/user.ts'
import { WorkDetailView } from './view.tsx'

type State = { detail: WorkDetailData } | { failed: string } | { loading: true }

/**
 * The work detail view for an id: loads GET /works/show/{id} when created (SPEC §4). A page that
 * rendered the work on the server hands it in as `initial`; the server renders every visitor signed
 * out, so when the signed-in visitor turns out to be its creator the owner's view is loaded.
 */
export function WorkDetail({
  id,
  initial,
  headingAs,
}: {
  id: number
  initial?: WorkDetailData
  headingAs?: 'h1' | 'h2'
}) {
  const [state, setState] = useState<State>(initial ? { detail: initial } : { loading: true })
  const userId = useUserStore((s) => s.userId)
  const shown = 'detail' in state ? state.detail : undefined
  const needsOwnerView = !!shown && !shown.mine && !!userId && shown.userBaseVO.id === userId
  const load = !initial || needsOwnerView

  useEffect(() => {
    if (!load) return
    let live = true
    import('../../api/works.ts')
      .then((api) => api.getWorkDetail(id))
      .then(
        (detail) => live && setState({ detail }),
        (error: Error) => live && !shown && setState({ failed: error.message || '作品加载失败' }),
      )
    return () => {
      live = false
    }
    // `shown` only decides whether a failure replaces it.
  }, [id, load])

  if ('detail' in state) return <WorkDetailView detail={state.detail} headingAs={headingAs} />
  if ('failed' in state)
    return (
      <Alert.Root status="error" data-testid="work-detail-failed">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>作品加载失败</Alert.Title>
          <Alert.Description>{state.failed}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    )
  return (
    <Stack gap="4" role="status" aria-busy="true" aria-label="作品加载中" data-testid="work-detail-loading">
      <Skeleton h="9" w="60%" />
      <Skeleton h="5" w="40%" />
      <Skeleton h="520px" />
      <Skeleton h="20" />
    </Stack>
  )
}
