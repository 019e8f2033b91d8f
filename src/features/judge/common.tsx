import { Alert, Badge, Button, Skeleton, Stack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import type { JudgeRound } from '../../api/judging.ts'
import type { Loaded } from '../../lib/use-load.ts'

export const STATE_LABELS: Record<JudgeRound['state'], { text: string; palette: string }> = {
  upcoming: { text: '未开始', palette: 'gray' },
  open: { text: '评审中', palette: 'green' },
  closed: { text: '已结束', palette: 'gray' },
}

export const MODE_LABELS: Record<JudgeRound['mode'], string> = { qualifying: '资格审查', score: '评分' }

export const STATUS_LABELS = {
  todo: { text: '未评', palette: 'orange' },
  saved: { text: '已保存', palette: 'blue' },
  submitted: { text: '已提交', palette: 'green' },
} as const

export function StateBadge({ state }: { state: JudgeRound['state'] }) {
  const s = STATE_LABELS[state]
  return <Badge colorPalette={s.palette}>{s.text}</Badge>
}

/** 评审时间 of a round, in Beijing time. */
export const roundWindow = (r: { opens: string; closes: string }) =>
  `${formatBeijing(Date.parse(r.opens))} 至 ${formatBeijing(Date.parse(r.closes))}`

/** A loaded screen: a skeleton while loading, a retry when it failed, else the content. */
export function LoadFrame<T>({ loaded, children }: { loaded: Loaded<T>; children: (data: T) => ReactNode }) {
  if (loaded.failed)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>加载失败</Alert.Title>
        <Button size="xs" variant="outline" ms="auto" onClick={loaded.reload}>
          重试
        </Button>
      </Alert.Root>
    )
  if (loaded.data === undefined)
    return (
      <Stack gap="3">
        <Skeleton h="6" w="40%" />
        <Skeleton h="24" />
        <Skeleton h="24" />
      </Stack>
    )
  return <>{children(loaded.data)}</>
}
