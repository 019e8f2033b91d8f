import { Badge, Box, Button, Card, DataList, HStack, Image, Stack } from '@chakra-ui/react'
import type { CertificationInfo } from '../../schemas/api/certificates.ts'
import { formatBeijingDate } from '../../schemas/beijing-time.ts'
import { certificateImageUrl, certificatePdfUrl } from '../api/certificates.ts'

/** A certificate's level, number and validity, as items of a DataList. */
export function CertificateFacts({ cert }: { cert: CertificationInfo }) {
  return (
    <>
      <DataList.Item>
        <DataList.ItemLabel>认证等级</DataList.ItemLabel>
        <DataList.ItemValue>{cert.level}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>证书编号</DataList.ItemLabel>
        <DataList.ItemValue fontFamily="mono">{cert.number}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>有效期</DataList.ItemLabel>
        <DataList.ItemValue data-testid="cert-validity">
          {formatBeijingDate(cert.validFrom)} 至 {formatBeijingDate(cert.validUntil)}
        </DataList.ItemValue>
      </DataList.Item>
    </>
  )
}

/**
 * A designer certificate as the verification page and the personal area show it: its facts, its
 * status, the certificate image and the A4 PDF.
 */
export function CertificateCard({
  cert,
  showImage = true,
}: {
  cert: CertificationInfo
  showImage?: boolean
}) {
  const valid = cert.status === 'valid'
  return (
    <Card.Root data-testid="certificate-card" data-status={cert.status}>
      <Card.Body>
        <Stack direction={{ base: 'column', md: 'row' }} gap="6" align="flex-start">
          <Stack gap="3" flex="1" minW="0">
            <HStack>
              <Badge colorPalette={valid ? 'green' : 'red'} size="lg">
                {valid ? '证书有效' : '证书已过期'}
              </Badge>
            </HStack>
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>持证人</DataList.ItemLabel>
                <DataList.ItemValue>{cert.username}</DataList.ItemValue>
              </DataList.Item>
              <CertificateFacts cert={cert} />
            </DataList.Root>
            <HStack gap="3">
              <Button asChild size="sm" variant="outline">
                <a href={certificatePdfUrl(cert.number)} download>
                  下载 PDF 证书
                </a>
              </Button>
              <Button asChild size="sm" variant="ghost">
                <a href={certificateImageUrl(cert.number)} target="_blank" rel="noopener">
                  查看证书图片
                </a>
              </Button>
            </HStack>
          </Stack>
          {showImage && (
            <Box
              flexShrink={0}
              w={{ base: 'full', md: '360px' }}
              borderWidth="1px"
              borderRadius="md"
              overflow="hidden"
            >
              <Image
                src={certificateImageUrl(cert.number)}
                alt={`${cert.username}的设计师认证证书`}
                w="full"
                aspectRatio={1200 / 848}
                loading="lazy"
              />
            </Box>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}
