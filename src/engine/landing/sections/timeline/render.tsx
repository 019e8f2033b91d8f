import { Container, Heading } from '@chakra-ui/react'
import { Agenda } from './agenda.tsx'
import type { TimelineProps } from './index.ts'
import { Milestones } from './milestones.tsx'

/** An event programme (agenda) or a history (milestones). */
export default function Timeline({ title, variant, items }: TimelineProps) {
  return (
    <Container maxW="6xl" py={{ base: 10, md: 16 }} data-landing-frame="">
      {title && (
        <Heading as="h2" size="2xl" mb={{ base: 6, md: 8 }}>
          {title}
        </Heading>
      )}
      {variant === 'agenda' ? <Agenda items={items} /> : <Milestones items={items} />}
    </Container>
  )
}
