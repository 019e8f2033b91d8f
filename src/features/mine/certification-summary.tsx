import { Badge, Button, DataList, HStack } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import type { CertificateInfo } from '../../../schemas/api/payment.ts'
import { certFeeText, certTermText } from '../../../schemas/payment.ts'
import { CertificateFacts } from '../../components/certificate-card.tsx'
import { paths } from '../../lib/paths.ts'

/** Certification status, number and validity, with the way to pay or renew. */
export function CertificationSummary({ info }: { info: CertificateInfo }) {
  const cert = info.certification
  if (!cert) {
    return (
      <HStack justify="space-between" data-testid="mine-cert-status">
        <Badge colorPalette="gray">未认证</Badge>
        <Button asChild size="sm" colorPalette="brand">
          <RouterLink to={paths.certPayment.path}>
            申请认证（{certFeeText(info.approveMoney, info.validYears)}）
          </RouterLink>
        </Button>
      </HStack>
    )
  }
  const valid = cert.status === 'valid'
  return (
    <DataList.Root orientation="horizontal" data-testid="mine-cert-status">
      <DataList.Item>
        <DataList.ItemLabel>认证状态</DataList.ItemLabel>
        <DataList.ItemValue>
          <Badge colorPalette={valid ? 'green' : 'orange'}>{valid ? '已认证' : '已过期'}</Badge>
        </DataList.ItemValue>
      </DataList.Item>
      <CertificateFacts cert={cert} />
      <DataList.Item>
        <DataList.ItemLabel />
        <DataList.ItemValue>
          <Button asChild size="sm" colorPalette="brand" variant={valid ? 'outline' : 'solid'}>
            <RouterLink to={valid ? paths.certAgainPayment.path : paths.certPayment.path}>
              {valid ? `续费${certTermText(info.validYears)}` : '重新认证'}
            </RouterLink>
          </Button>
        </DataList.ItemValue>
      </DataList.Item>
    </DataList.Root>
  )
}
