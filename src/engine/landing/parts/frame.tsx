import { Container, type ContainerProps, Heading } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/**
 * The frame most sections sit in: page width, vertical rhythm and an optional title.
 * `data-landing-frame` lets tabs and two-column layouts slim the frame of sections nested in them.
 */
export function SectionFrame({
  title,
  children,
  ...rest
}: { title?: string; children: ReactNode } & ContainerProps) {
  return (
    <Container maxW="6xl" py={{ base: 10, md: 16 }} data-landing-frame="" {...rest}>
      {title && (
        <Heading as="h2" size="2xl" mb={{ base: 6, md: 8 }}>
          {title}
        </Heading>
      )}
      {children}
    </Container>
  )
}
