import { Button, Card, Container, Field, Group, Heading, Input, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { toAddress } from '../lib/paths.ts'

/**
 * A public page that checks a document by the number printed on it (an entry receipt, a competition
 * certificate): ?number= — what the document's QR code carries — is checked at once, on the server for
 * the first paint.
 */
export type NumberCheck<R> =
  | { state: 'idle' }
  | { state: 'invalid'; asked: string }
  | { state: 'checked'; asked: string; result: R | null }

/** Reads ?number= from the page's address: nothing, a malformed number, or the server's answer for it. */
export async function checkNumber<R>(
  url: string,
  pattern: RegExp,
  check: (number: string) => Promise<R | null>,
): Promise<NumberCheck<R>> {
  const asked = (new URL(url).searchParams.get('number') ?? '').trim().toUpperCase().slice(0, 40)
  if (!asked) return { state: 'idle' }
  if (!pattern.test(asked)) return { state: 'invalid', asked }
  return { state: 'checked', asked, result: await check(asked) }
}

interface NumberCheckPageProps {
  title: string
  intro: string
  /** The page's own path, and the address of a number's check on it. */
  page: { path: string; getHref(number: string): string }
  label: string
  placeholder: string
  /** Says how a number looks, under a malformed one. */
  format: string
  check: NumberCheck<unknown>
  inputTestId: string
  /** The answer, shown once a number has been checked. */
  children?: ReactNode
}

export function NumberCheckPage({
  title,
  intro,
  page,
  label,
  placeholder,
  format,
  check,
  inputTestId,
  children,
}: NumberCheckPageProps) {
  const navigate = useNavigate()
  const asked = check.state === 'idle' ? '' : check.asked
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          <Text color="fg.muted">{intro}</Text>
        </Stack>
        <Card.Root>
          <Card.Body>
            {/* A plain GET form before the page's code runs; a client-side navigation after. */}
            <form
              action={toAddress(page.path)}
              method="get"
              onSubmit={(e) => {
                e.preventDefault()
                navigate(page.getHref(String(new FormData(e.currentTarget).get('number') ?? '').trim()))
              }}
            >
              <Field.Root invalid={check.state === 'invalid'}>
                <Field.Label>{label}</Field.Label>
                <Group attached w="full">
                  <Input
                    name="number"
                    defaultValue={asked}
                    key={asked}
                    placeholder={placeholder}
                    fontFamily="mono"
                    data-testid={inputTestId}
                  />
                  <Button type="submit" colorPalette="brand">
                    查验
                  </Button>
                </Group>
                <Field.ErrorText>{format}</Field.ErrorText>
              </Field.Root>
            </form>
          </Card.Body>
        </Card.Root>
        {check.state === 'checked' && children}
      </Stack>
    </Container>
  )
}
