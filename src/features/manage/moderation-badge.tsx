import { Badge } from '@chakra-ui/react'
import { MODERATION_LABELS, type Moderation } from '../../../schemas/api/manage.ts'

/** 已退回修改 / 已取消资格, or nothing for an entry staff have not acted on. */
export function ModerationBadge({ moderation }: { moderation: Moderation }) {
  if (!moderation) return null
  return (
    <Badge colorPalette={moderation.state === 'returned' ? 'orange' : 'red'} data-testid="moderation-badge">
      {MODERATION_LABELS[moderation.state]}
    </Badge>
  )
}
