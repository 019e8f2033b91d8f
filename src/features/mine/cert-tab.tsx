import { Card, Text } from '@chakra-ui/react'
import { certFeeText, certTermText } from '../../../schemas/payment.ts'
import { getCertificate } from '../../api/payment.ts'
import { CertificateCard } from '../../components/certificate-card.tsx'
import { useLoad } from '../../lib/use-load.ts'
import { CertificationSummary } from './certification-summary.tsx'
import { CompetitionCertificates } from './competition-certificates.tsx'
import { TabFrame } from './tab-frame.tsx'

/**
 * Cert (竞赛证书, the dropdown's item): the certificates of the user's competition entries first, then
 * the designer's certification (status, validity, renewal).
 */
export function CertTab() {
  const loaded = useLoad(getCertificate, [])
  return (
    <TabFrame title="竞赛证书" loaded={loaded}>
      {(info) => (
        <>
          <CompetitionCertificates />
          <Card.Root>
            <Card.Header>
              <Card.Title as="h3">设计师认证证书</Card.Title>
            </Card.Header>
            <Card.Body gap="4">
              <CertificationSummary info={info} />
              <Text fontSize="sm" color="fg.muted">
                认证费 {certFeeText(info.approveMoney, info.validYears)}。有效期内续费，自当前到期日起顺延
                {certTermText(info.validYears)}；过期后缴费，自缴费之日起{certTermText(info.validYears)}有效。
              </Text>
            </Card.Body>
          </Card.Root>
          {info.certification && <CertificateCard cert={info.certification} />}
        </>
      )}
    </TabFrame>
  )
}
