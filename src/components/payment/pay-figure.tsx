import { Stack, Text } from '@chakra-ui/react'

/** One figure of a payment summary: what it is, and its amount (the fee, the balance, points…). */
export function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string
  value: string
  note?: string
  testId?: string
}) {
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="bold" data-testid={testId}>
        {value}
        {note && (
          <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted" ms="1">
            {note}
          </Text>
        )}
      </Text>
    </Stack>
  )
}
