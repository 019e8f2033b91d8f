import { Box, Card, Container } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { BrandLogo } from '../../components/brand-logo.tsx'

/** The centred card the sign-in screens share: logo, title, then the form. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      flex="1"
      bgGradient="to-br"
      gradientFrom="brand.50"
      gradientTo="bg.muted"
      py={{ base: '10', md: '16' }}
    >
      <Container maxW="md">
        <Card.Root boxShadow="lg">
          <Card.Header alignItems="center" gap="3">
            <BrandLogo />
            <Card.Title as="h1" fontSize="xl">
              {title}
            </Card.Title>
          </Card.Header>
          <Card.Body>{children}</Card.Body>
        </Card.Root>
      </Container>
    </Box>
  )
}
