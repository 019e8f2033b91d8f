import { Badge, Box, DataList, Heading, HStack, Stack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { formatBeijingDate } from '../../../schemas/beijing-time.ts'
import type { DocumentInfo } from '../../api/articles.ts'
import { FoldText } from '../../components/fold-text.tsx'

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`

/** A document's name, kind, size and description, with the page's download actions below. */
export function DocumentCard({ doc, children }: { doc: DocumentInfo; children: ReactNode }) {
  return (
    <Box bg="bg" borderRadius="xl" borderWidth="1px" p={{ base: '5', md: '8' }}>
      <Stack gap="5">
        <Stack gap="2">
          <HStack gap="2">
            <Badge colorPalette={doc.extension === 'pdf' ? 'red' : 'blue'} textTransform="uppercase">
              {doc.extension}
            </Badge>
            {doc.membersOnly && <Badge colorPalette="orange">会员文档</Badge>}
          </HStack>
          <Heading as="h1" size="xl">
            {doc.title}
          </Heading>
        </Stack>
        <FoldText text={doc.description} />
        <DataList.Root orientation="horizontal" size="sm">
          {[
            ['文件名', doc.fileName],
            ['大小', sizeText(doc.size)],
            ['发布日期', formatBeijingDate(doc.publishedAt)],
          ].map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
        {children}
      </Stack>
    </Box>
  )
}
