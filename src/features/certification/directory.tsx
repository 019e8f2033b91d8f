import { Badge, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { formatBeijingDate } from '../../../schemas/beijing-time.ts'
import { provinceAndCity } from '../../../schemas/regions.ts'
import type { CertifiedDesigner } from '../../api/certificates.ts'

/** Certified designers as cards: name, level, region, profession, number and validity. */
export function DirectoryGrid({ rows }: { rows: CertifiedDesigner[] }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" data-testid="certified-list">
      {rows.map((d) => (
        <Card.Root key={d.number} size="sm">
          <Card.Body gap="2">
            <HStack justify="space-between">
              <Text fontWeight="bold" fontSize="lg">
                {d.username}
              </Text>
              <Badge colorPalette="brand">{d.level}</Badge>
            </HStack>
            <Text fontSize="sm" color="fg.muted" data-testid="certified-place">
              {[provinceAndCity(d.cityNames).join(' '), d.professional].filter(Boolean).join(' · ') || '—'}
            </Text>
            <Stack gap="0" fontSize="xs" color="fg.muted">
              <Text fontFamily="mono">{d.number}</Text>
              <Text>有效期至 {formatBeijingDate(d.validUntil)}</Text>
            </Stack>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  )
}
