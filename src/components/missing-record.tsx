import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react'
import { data, Link as RouterLink } from 'react-router'
import { ApiError } from '../api/http.ts'

/** What a detail page's loader returns when the API says the record is gone (body code 404). */
export interface Missing {
  missing: string
}

export const isMissing = (data: unknown): data is Missing =>
  typeof data === 'object' && data !== null && 'missing' in data

/**
 * A loader's data for a page about something that does not exist. The page still says so in its own
 * words, and the server answers it with HTTP 404, so search engines drop the address instead of
 * indexing a "not found" page as content (a soft 404). The page reads the data as it is.
 */
export const notFoundData = <T,>(value: T): T => data(value, { status: 404 }) as unknown as T

/**
 * The record, or the API's message when it does not exist: a removed article is this page's answer,
 * not a load failure to retry. Other failures still reach the page's error boundary.
 */
export async function orMissing<T>(load: Promise<T>): Promise<T | Missing> {
  try {
    return await load
  } catch (error) {
    if (error instanceof ApiError && error.code === 404) return notFoundData({ missing: error.message })
    throw error
  }
}

/** The message, and the way back to the list the record belonged to. */
export function MissingRecord({
  message,
  back,
  backLabel,
}: {
  message: string
  back: string
  backLabel: string
}) {
  return (
    <Container maxW="3xl" py={{ base: '12', md: '20' }}>
      <Stack gap="4" align="center" textAlign="center" data-testid="missing-record">
        <Heading as="h1" size="xl">
          {message}
        </Heading>
        <Text color="fg.muted">它可能已被删除或链接有误。</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to={back}>{backLabel}</RouterLink>
        </Button>
      </Stack>
    </Container>
  )
}
