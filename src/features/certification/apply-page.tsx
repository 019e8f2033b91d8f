import { Badge, Button, Card, Container, Heading, HStack, Stack, Steps, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { formatBeijingDate } from '../../../schemas/beijing-time.ts'
import { certFeeText, certTermText } from '../../../schemas/payment.ts'
import { getCertificate } from '../../api/payment.ts'
import { CertificateCard } from '../../components/certificate-card.tsx'
import { useRealnameStatus } from '../../components/use-realname-status.ts'
import { paths } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { useTitle } from '../../lib/use-title.ts'
import { useUserStore } from '../../stores/user.ts'

/**
 * /cert/apply (SPEC §2 Certification): where the designer stands — real name, payment, certificate —
 * and the next thing to do.
 */
/** null, not undefined: Zag's mergeProps keeps its own value for an undefined one. */
const NOT_A_TABLIST = { role: 'list', 'aria-owns': null, 'aria-orientation': null } as unknown as {
  role: string
}

export function Component() {
  useTitle('申请设计师认证')
  const realname = useRealnameStatus()
  const { verified } = realname
  const openRealname = useUserStore((s) => s.setRealnameDialogOpen)
  const certificate = useLoad(getCertificate, [])
  const cert = certificate.data?.certification
  // The index of the step to do next; 3 (all done) once a valid certificate is held.
  const step = !verified ? 0 : !cert || cert.status === 'expired' ? 1 : 3

  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <Heading as="h1" size="2xl">
          申请设计师认证
        </Heading>
        <Steps.Root step={step} count={3} colorPalette="brand" data-testid="apply-steps" data-step={step}>
          {/* Progress to read, not tabs to press: Zag makes the list a tablist owning triggers this
              page does not render (axe: aria-required-children, aria-valid-attr-value), so it is a
              plain ordered list, the current step marked by aria-current="step". */}
          <Steps.List as="ol" {...NOT_A_TABLIST}>
            {['实名认证', '缴纳认证费', '获得证书'].map((title, index) => (
              <Steps.Item key={title} index={index} as="li">
                <Steps.Indicator />
                <Steps.Title>{title}</Steps.Title>
                <Steps.Separator />
              </Steps.Item>
            ))}
          </Steps.List>
        </Steps.Root>

        <Card.Root>
          <Card.Body gap="4">
            {realname.failed || certificate.failed ? (
              <HStack>
                <Text color="fg.muted">加载失败</Text>
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => {
                    if (realname.failed) realname.retry()
                    if (certificate.failed) certificate.reload()
                  }}
                >
                  重试
                </Button>
              </HStack>
            ) : verified === undefined || !certificate.data ? (
              <Text color="fg.muted">加载中…</Text>
            ) : step === 0 ? (
              <>
                <Text>第一步：完成实名认证。认证需填写真实有效的身份信息，提交后不可修改。</Text>
                <Button colorPalette="brand" alignSelf="flex-start" onClick={() => openRealname(true)}>
                  立即实名认证
                </Button>
              </>
            ) : step === 1 ? (
              <>
                <HStack>
                  <Badge colorPalette="green">已实名</Badge>
                  {cert && (
                    <Badge colorPalette="orange">证书已于 {formatBeijingDate(cert.validUntil)} 过期</Badge>
                  )}
                </HStack>
                <Text>
                  第二步：缴纳认证费 {certFeeText(certificate.data.approveMoney, certificate.data.validYears)}
                  ，缴费后即时颁发证书，有效期 {certificate.data.validYears} 年。
                </Text>
                <Button asChild colorPalette="brand" alignSelf="flex-start">
                  <RouterLink to={paths.certPayment.path}>去缴费</RouterLink>
                </Button>
              </>
            ) : (
              <>
                <Text>
                  您已是认证设计师。到期前续费，有效期自原到期日起顺延
                  {certTermText(certificate.data.validYears)}。
                </Text>
                <Button asChild variant="outline" alignSelf="flex-start">
                  <RouterLink to={paths.certAgainPayment.path}>
                    续费{certTermText(certificate.data.validYears)}
                  </RouterLink>
                </Button>
              </>
            )}
          </Card.Body>
        </Card.Root>
        {cert && <CertificateCard cert={cert} />}
      </Stack>
    </Container>
  )
}
