import type { TimelineProps } from '../../../../../definitions/landing/sections/timeline.ts'
import { SectionFrame } from '../../parts/frame.tsx'
import { Agenda } from './agenda.tsx'
import { Milestones } from './milestones.tsx'

/** An event programme (agenda) or a history (milestones). */
export default function Timeline({ title, variant, items }: TimelineProps) {
  return (
    <SectionFrame title={title}>
      {variant === 'agenda' ? <Agenda items={items} /> : <Milestones items={items} />}
    </SectionFrame>
  )
}
