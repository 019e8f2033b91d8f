import { Box, Container, type ContainerProps, Heading } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** The width of the narrow column (3xl = 48rem). */
const NARROW_WIDTH = '3xl'

/**
 * The frame most sections sit in: page width, vertical rhythm and an optional title.
 * `data-landing-frame` lets tabs and two-column layouts slim the frame of sections nested in them.
 * `narrow`: a centred reading column (forms, questions and answers) with a centred title; the
 * sign-up form and the FAQ that usually follows it share it, so their edges line up.
 */
export function SectionFrame({
  title,
  narrow = false,
  children,
  ...rest
}: { title?: string; narrow?: boolean; children: ReactNode } & ContainerProps) {
  const body = (
    <>
      {title && (
        <Heading as="h2" size="2xl" mb={{ base: 6, md: 8 }} textAlign={narrow ? 'center' : undefined}>
          {title}
        </Heading>
      )}
      {children}
    </>
  )
  return (
    <Container maxW="6xl" py={{ base: 10, md: 16 }} data-landing-frame="" {...rest}>
      {narrow ? (
        <Box maxW={NARROW_WIDTH} mx="auto">
          {body}
        </Box>
      ) : (
        body
      )}
    </Container>
  )
}
