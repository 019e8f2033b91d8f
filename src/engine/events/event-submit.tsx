import { Box, Button, Container, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { Link as RouterLink, useLocation } from 'react-router'
import type { EventView } from '../../../definitions/events/view.ts'
import type { EventEntryView } from '../../../schemas/api/events.ts'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { FORMS, isFormName } from '../../../schemas/forms/index.ts'
import { getMyEventEntry, submitEventEntry } from '../../api/events.ts'
import { SchemaForm } from '../../forms/schema-form.tsx'
import { notify } from '../../lib/notify.ts'
import { loginPath } from '../../lib/paths.ts'
import { useUserStore } from '../../stores/user.ts'

/** The submitted form as label and value, in the form's own order (the agreement tick left out). */
function entryRows(form: string, data: Record<string, unknown>): Array<[string, string]> {
  if (!isFormName(form)) return []
  const { schema, order } = FORMS[form]
  const properties = schema.properties as Record<string, { title?: string; type?: string }>
  return order
    .filter((key) => properties[key]?.type !== 'boolean' && data[key] !== undefined && data[key] !== '')
    .map((key) => [properties[key]?.title ?? key, String(data[key])])
}

/** What the entrant sees once their entry is stored: every field, and when it was received. */
function EntryReceipt({ form, entry }: { form: string; entry: EventEntryView }) {
  return (
    <Stack gap="3" role="status" data-testid="event-entry">
      <Heading as="h2" size="lg" color="green.700">
        你已报名
      </Heading>
      <Text color="fg.muted">提交时间：{formatBeijing(Date.parse(entry.createdAt))}</Text>
      <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: '8rem 1fr' }} gap="2" m="0">
        {entryRows(form, entry.data).map(([label, value]) => (
          <Box key={label} display="contents">
            <Text as="dt" color="fg.muted" fontSize="sm">
              {label}
            </Text>
            <Text as="dd" m="0" overflowWrap="anywhere">
              {value}
            </Text>
          </Box>
        ))}
      </Box>
    </Stack>
  )
}

/** The signed-in entrant's part: their entry once stored, else the form while it is open. */
function EntryPanel({ event }: { event: EventView }) {
  const submit = event.submit!
  const [entry, setEntry] = useState<EventEntryView | null | undefined>(undefined)
  const [submitting, setSubmitting] = useState(false)
  useEffect(() => {
    let live = true
    getMyEventEntry(event.slug).then(
      (found) => live && setEntry(found),
      () => live && setEntry(null),
    )
    return () => {
      live = false
    }
  }, [event.slug])

  async function send(data: Record<string, unknown>) {
    setSubmitting(true)
    try {
      await submitEventEntry(event.slug, data)
      notify('报名成功', 'success')
      setEntry(await getMyEventEntry(event.slug))
    } catch {
      // The API client has shown the server's message; what was typed stays for another try.
      setSubmitting(false)
    }
  }

  if (entry === undefined) return <Spinner aria-label="正在读取报名信息" />
  if (entry) return <EntryReceipt form={submit.form} entry={entry} />
  if (event.submitClosed)
    return (
      <Text role="status" fontWeight="semibold" data-testid="submit-closed">
        {event.submitClosed}（报名时间：{event.submitDates}）
      </Text>
    )
  return <SchemaForm name={submit.form} submitLabel="提交报名" submitting={submitting} onSubmit={send} />
}

/** …/submit of an event with a form: its window, its intro, and the entrant's form or entry. */
export function EventSubmitPage({ event }: { event: EventView }) {
  const submit = event.submit!
  const userId = useUserStore((s) => s.userId)
  const location = useLocation()
  return (
    <Container maxW="3xl" py={{ base: 6, md: 10 }} data-testid="event-submit-page">
      <Stack gap="5">
        <Link asChild color="brand.700" fontSize="sm">
          <RouterLink to={event.pages.index}>← 返回{event.title}</RouterLink>
        </Link>
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            {submit.title}
          </Heading>
          <Text fontWeight="semibold">{event.title}</Text>
          <Text color="fg.muted" fontSize="sm">
            报名时间：{event.submitDates}
          </Text>
          {submit.intro && <Text lineHeight="tall">{submit.intro}</Text>}
        </Stack>
        <Box borderWidth="1px" borderColor="border" borderRadius="xl" p={{ base: 4, md: 8 }} bg="bg">
          {userId ? (
            <EntryPanel event={event} />
          ) : event.submitClosed ? (
            <Text role="status" fontWeight="semibold" data-testid="submit-closed">
              {event.submitClosed}（报名时间：{event.submitDates}）
            </Text>
          ) : (
            <Stack gap="3" align="start">
              <Text>报名需要先登录，登录后可在本页查看自己的报名信息。</Text>
              <Button asChild colorPalette="brand">
                <RouterLink to={loginPath(location.pathname)}>登录后报名</RouterLink>
              </Button>
            </Stack>
          )}
        </Box>
      </Stack>
    </Container>
  )
}
