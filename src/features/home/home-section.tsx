import { Container, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'

/** One of the home page's lists: a heading, a line about it, a link to the whole directory, the items. */
export function HomeSection({
  title,
  intro,
  more,
  testId,
  children,
}: {
  title: string
  intro: string
  more?: { to: string; label: string }
  testId: string
  children: ReactNode
}) {
  return (
    <Container maxW="7xl" py={{ base: '10', md: '14' }} data-testid={testId}>
      <HStack justify="space-between" align="end" mb="8" gap="4" flexWrap="wrap">
        <Stack gap="2">
          <Heading as="h2" size="2xl">
            {title}
          </Heading>
          <Text color="fg.muted">{intro}</Text>
        </Stack>
        {more && (
          <Link asChild color="brand.600" fontSize="sm" fontWeight="medium">
            <RouterLink to={more.to}>{more.label} →</RouterLink>
          </Link>
        )}
      </HStack>
      {children}
    </Container>
  )
}
