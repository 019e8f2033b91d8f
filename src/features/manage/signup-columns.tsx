import { Stack, Text } from '@chakra-ui/react'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import type { SignupRow } from '../../api/manage.ts'
import type { RecordColumn } from '../../components/record-table.tsx'

/** A sign-up's columns: when, which page, the phone, and every answer labelled from the forms registry. */
export const signupColumns = (titleOf: (slug: string) => string): RecordColumn<SignupRow>[] => [
  { header: '时间', nowrap: true, cell: (r) => formatBeijing(Date.parse(r.createdAt)), inCard: false },
  { header: '页面', cell: (r) => titleOf(r.slug) },
  { header: '手机号', nowrap: true, cell: (r) => r.phone },
  {
    header: '填写内容',
    cell: (r) => (
      <Stack gap="0">
        {r.answers
          .filter((a) => a.text && a.label !== '手机号')
          .map((a) => (
            <Text key={a.label}>
              <Text as="span" color="fg.muted">
                {a.label}：
              </Text>
              {a.text}
            </Text>
          ))}
      </Stack>
    ),
  },
]
