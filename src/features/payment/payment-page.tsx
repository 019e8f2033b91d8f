import { Box, Card, Container, Heading, SimpleGrid, Stack } from '@chakra-ui/react'
import { useCallback } from 'react'
import { type LoaderFunctionArgs, redirect, useLoaderData, useNavigate, useRevalidator } from 'react-router'
import { formatBeijingDate } from '../../../schemas/beijing-time.ts'
import {
  CERT_VALID_YEARS,
  PAY_METHOD,
  PAY_MSG,
  PAY_SOURCE,
  type PayMethod,
} from '../../../schemas/payment.ts'
import { approve, getCertificate, getUserMoney } from '../../api/payment.ts'
import { Figure } from '../../components/payment/pay-figure.tsx'
import { PayPanel } from '../../components/payment/pay-panel.tsx'
import { notify } from '../../lib/notify.ts'
import { loginReturningTo, mineTab, paths, toSitePath } from '../../lib/paths.ts'
import { useTitle } from '../../lib/use-title.ts'

/** Which payment page this is: /certPayment pays a first certification, /certAgainPayment renews. */
function sourceOf(url: URL): string | undefined {
  const path = toSitePath(url.pathname)
  if (path === paths.certPayment.path) return PAY_SOURCE.cert
  if (path === paths.certAgainPayment.path) return PAY_SOURCE.certAgain
  return url.searchParams.get('source') ?? undefined
}

/** Fee, certification and balance; any failure (signed out included) goes to /login (SPEC §6, §8). */
export async function loader({ request }: LoaderFunctionArgs) {
  // A private page: the server leaves it to the browser, where the token is.
  if (import.meta.env.SSR) return null
  const url = new URL(request.url)
  try {
    const [certificate, money] = await Promise.all([getCertificate(), getUserMoney()])
    return { certificate, money, source: sourceOf(url) }
  } catch {
    throw redirect(loginReturningTo(url))
  }
}

type Data = NonNullable<Awaited<ReturnType<typeof loader>>>

/** /payment, /certPayment, /certAgainPayment (SPEC §2 Payment page, §4 Payment). */
export function Component() {
  const { certificate, money, source } = useLoaderData() as Data
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const current = certificate.certification
  const renewing = current?.status === 'valid'
  useTitle(renewing ? '认证续费' : '认证缴费')

  const paid = useCallback(
    (method: PayMethod) => {
      notify(PAY_MSG.succeeded, 'success')
      if (source === PAY_SOURCE.cert || method === PAY_METHOD.balance) navigate(mineTab('Info'))
      // Staying here (a renewal by QR): the balance, points and validity shown are now out of date.
      else revalidator.revalidate()
    },
    [source, navigate, revalidator],
  )

  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" size="xl">
          {renewing ? '认证续费' : '设计师认证缴费'}
        </Heading>

        <Card.Root>
          <Card.Body>
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="5">
              <Figure label="认证费用" value={`¥${certificate.approveMoney}`} note="/ 年" testId="pay-fee" />
              <Figure label="有效期" value={`${CERT_VALID_YEARS} 年`} />
              <Figure label="账户余额" value={`¥${money.money}`} testId="pay-balance" />
              <Figure label="积分" value={String(money.integral)} testId="pay-points" />
            </SimpleGrid>
            {current && (
              <Box mt="5" p="3" bg="bg.muted" borderRadius="md" fontSize="sm" data-testid="pay-current">
                当前认证：{current.level}，证书编号 {current.number}，
                {current.status === 'valid'
                  ? `有效期至 ${formatBeijingDate(current.validUntil)}。续费后顺延 ${CERT_VALID_YEARS} 年。`
                  : `已于 ${formatBeijingDate(current.validUntil)} 过期。缴费后自今日起 ${CERT_VALID_YEARS} 年有效。`}
              </Box>
            )}
          </Card.Body>
        </Card.Root>

        <PayPanel
          amountFen={certificate.approveMoneyFen}
          balanceFen={money.moneyFen}
          approve={(method) => approve(method, source)}
          onPaid={paid}
        />
      </Stack>
    </Container>
  )
}
