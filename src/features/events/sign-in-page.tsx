import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { type LoaderFunctionArgs, Link as RouterLink, useLoaderData } from 'react-router'
import type { EventView } from '../../../definitions/events/view.ts'
import type { CheckInResult } from '../../../schemas/api/events.ts'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { checkInAtEvent, getEventPage } from '../../api/events.ts'
import { ApiError } from '../../api/http.ts'
import { SchemaForm } from '../../forms/schema-form.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'

/** /signIn?event=<slug>: the event the venue's QR code names; without one (or an unknown one) a hint. */
export async function loader({ request }: LoaderFunctionArgs) {
  const slug = new URL(request.url).searchParams.get('event') ?? ''
  if (!/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/.test(slug)) return { event: null }
  const event = await getEventPage(slug).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 404) return null
    throw error
  })
  return { event: event?.checkIn ? event : null }
}

type Data = Awaited<ReturnType<typeof loader>>

export const handle = pageHead<Data>(({ event }) => ({
  title: event ? `现场签到 · ${event.title}` : '现场签到',
  description: event
    ? `${event.title}现场签到：填写姓名和手机号即可完成签到。`
    : '咖簿网活动现场签到：请扫描活动现场的签到二维码。',
}))

function Confirmation({ result }: { result: CheckInResult }) {
  return (
    <Stack role="status" gap="2" align="center" textAlign="center" py="4" data-testid="check-in-result">
      <Text fontSize="2xl" fontWeight="bold" color={result.repeat ? 'orange.700' : 'green.700'}>
        {result.repeat ? '你已签到过' : '签到成功'}
      </Text>
      <Text>{result.eventTitle}</Text>
      <Text color="fg.muted" fontSize="sm">
        {result.repeat ? '首次签到时间' : '签到时间'}：{formatBeijing(Date.parse(result.checkedInAt))}
      </Text>
      <Text color="fg.muted" fontSize="sm">
        请向工作人员出示本页面。
      </Text>
    </Stack>
  )
}

function CheckInForm({ event }: { event: EventView }) {
  const [submitting, setSubmitting] = useState(false)
  const [result, setResult] = useState<CheckInResult>()
  async function send(data: Record<string, unknown>) {
    setSubmitting(true)
    try {
      setResult(await checkInAtEvent(event.slug, data))
    } catch {
      // The server's reason is on screen already (closed, too many tries); the visitor may retry.
      setSubmitting(false)
    }
  }
  if (result) return <Confirmation result={result} />
  if (event.checkInClosed)
    return (
      <Text role="status" fontWeight="semibold" data-testid="check-in-closed">
        {event.checkInClosed}
      </Text>
    )
  return <SchemaForm name="event-check-in" submitLabel="签到" submitting={submitting} onSubmit={send} />
}

/** On-site check-in (SPEC §2 /signIn): a visitor at the venue scans the event's QR code and gives name and phone. */
export function Component() {
  const { event } = useLoaderData() as Data
  return (
    <Container maxW="md" px="4" py={{ base: 6, md: 12 }}>
      <Stack gap="5">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            现场签到
          </Heading>
          {event && <Text fontWeight="semibold">{event.title}</Text>}
          {event && (
            <Text color="fg.muted" fontSize="sm">
              {event.dates}
              {event.venue ? ` · ${event.venue}` : ''}
            </Text>
          )}
        </Stack>
        <Box borderWidth="1px" borderColor="border" borderRadius="xl" p={{ base: 4, md: 6 }} bg="bg">
          {event ? (
            <CheckInForm event={event} />
          ) : (
            <Stack gap="3" align="start" data-testid="check-in-hint">
              <Text>请扫描活动现场的签到二维码进行签到。</Text>
              <Button asChild variant="outline" colorPalette="brand">
                <RouterLink to={paths.events.path}>查看赛事活动</RouterLink>
              </Button>
            </Stack>
          )}
        </Box>
      </Stack>
    </Container>
  )
}
