import { Box, HStack, Stack, Table, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export interface RecordColumn<T> {
  header: string
  cell: (row: T) => ReactNode
  align?: 'start' | 'end'
  /** Table cells that must not wrap (times). */
  nowrap?: boolean
  /** False for the column a card already shows as its title. */
  inCard?: boolean
}

/**
 * A tab's records: a table from md up, and on a phone one card per record with each column as a
 * labelled line — a 700 px table in a 341 px box scrolled sideways and was hard to read (issue 22).
 */
export function RecordTable<T>({
  rows,
  columns,
  rowKey,
  testId,
  title,
}: {
  rows: T[]
  columns: RecordColumn<T>[]
  rowKey: (row: T) => string | number
  testId: string
  /** What heads a record's card on a phone; the other columns follow as labelled lines. */
  title: (row: T) => ReactNode
}) {
  return (
    <>
      <Box hideBelow="md" borderWidth="1px" borderRadius="md" overflowX="auto">
        <Table.Root size="sm" data-testid={testId}>
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeader key={c.header} textAlign={c.align}>
                  {c.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Cell key={c.header} textAlign={c.align} whiteSpace={c.nowrap ? 'nowrap' : undefined}>
                    {c.cell(row)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Stack as="ul" hideFrom="md" gap="3" listStyleType="none" data-testid={`${testId}-cards`}>
        {rows.map((row) => (
          <Box as="li" key={rowKey(row)} borderWidth="1px" borderRadius="md" p="3">
            <Text fontWeight="medium" mb="2">
              {title(row)}
            </Text>
            <Stack gap="1" fontSize="sm">
              {columns
                .filter((c) => c.inCard !== false)
                .map((c) => (
                  <HStack key={c.header} justify="space-between" align="start" gap="3">
                    <Text color="fg.muted" flexShrink={0}>
                      {c.header}
                    </Text>
                    <Box textAlign="end" minW="0" overflowWrap="anywhere">
                      {c.cell(row)}
                    </Box>
                  </HStack>
                ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </>
  )
}
