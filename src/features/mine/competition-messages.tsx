import { Box, Stack, Text } from '@chakra-ui/react'
import type { MyMessage } from '../../../schemas/api/entrant-messages.ts'
import { formatBeijing } from '../../../schemas/beijing-time.ts'

/**
 * The organisers' messages about an entry (README "Organisers' console"), newest first, as they were
 * also sent by text message or e-mail; shown under the entry in 我的赛事, in Beijing time.
 */
export function CompetitionMessages({ messages }: { messages: MyMessage[] }) {
  if (!messages.length) return null
  return (
    <Stack gap="2" data-testid="my-competition-messages">
      <Text fontSize="sm" fontWeight="medium">
        组委会消息
      </Text>
      <Stack as="ul" gap="2" listStyleType="none">
        {messages.map((m) => (
          <Box
            as="li"
            key={`${m.sentAt}-${m.subject}`}
            borderLeftWidth="3px"
            borderColor="brand.solid"
            pl="3"
          >
            <Text fontSize="xs" color="fg.muted">
              {formatBeijing(Date.parse(m.sentAt))} · {m.subject}
            </Text>
            <Text
              fontSize="sm"
              whiteSpace="pre-wrap"
              overflowWrap="anywhere"
              data-testid="my-competition-message"
            >
              {m.text}
            </Text>
          </Box>
        ))}
      </Stack>
    </Stack>
  )
}
