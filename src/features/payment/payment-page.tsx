import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Dialog,
  Heading,
  HStack,
  Portal,
  RadioCard,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react'
import { lazy, Suspense, useCallback, useState } from 'react'
import { type LoaderFunctionArgs, redirect, useLoaderData, useNavigate, useRevalidator } from 'react-router'
import type { ApproveResult } from '../../../schemas/api/payment.ts'
import {
  CERT_VALID_YEARS,
  formatYuan,
  PAY_METHOD,
  PAY_METHOD_LABEL,
  PAY_METHODS,
  PAY_MSG,
  PAY_SOURCE,
  type PayMethod,
} from '../../../schemas/payment.ts'
import { approve, getCertificate, getUserMoney } from '../../api/payment.ts'
import { formatBeijingDate } from '../../lib/beijing-time.ts'
import { notify } from '../../lib/notify.ts'
import { loginPath, mineTab, paths, toSitePath } from '../../lib/paths.ts'
import { useTitle } from '../../lib/use-title.ts'
import { submitProviderForm } from './provider-form.ts'

const QrDialog = lazy(() => import('./qr-dialog.tsx'))

/** Which payment page this is: /certPayment pays a first certification, /certAgainPayment renews. */
function sourceOf(url: URL): string | undefined {
  const path = toSitePath(url.pathname)
  if (path === paths.certPayment) return PAY_SOURCE.cert
  if (path === paths.certAgainPayment) return PAY_SOURCE.certAgain
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
    throw redirect(loginPath(toSitePath(url.pathname) + url.search))
  }
}

type Data = NonNullable<Awaited<ReturnType<typeof loader>>>

const METHOD_NOTE: Record<PayMethod, string> = {
  [PAY_METHOD.balance]: '使用账户余额支付，即时到账',
  [PAY_METHOD.online]: '跳转至支付平台，支持银行卡与支付宝类支付',
  [PAY_METHOD.wechatQr]: '使用微信扫描二维码支付',
}

/** /payment, /certPayment, /certAgainPayment (SPEC §2 Payment page, §4 Payment). */
export function Component() {
  const { certificate, money, source } = useLoaderData() as Data
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const fee = certificate.approveMoneyFen
  const balanceShort = money.moneyFen < fee
  const [method, setMethod] = useState<PayMethod>(balanceShort ? PAY_METHOD.online : PAY_METHOD.balance)
  const [confirming, setConfirming] = useState(false)
  const [paying, setPaying] = useState(false)
  const [qrOrder, setQrOrder] = useState<{ orderNumber: string; codeUrl: string } | null>(null)
  const current = certificate.certification
  const renewing = current?.status === 'valid'
  useTitle(renewing ? '认证续费' : '认证缴费')

  const paid = useCallback(() => {
    notify(PAY_MSG.succeeded, 'success')
    if (source === PAY_SOURCE.cert || method === PAY_METHOD.balance) navigate(mineTab('Info'))
    // Staying here (a renewal by QR): the balance, points and validity shown are now out of date.
    else revalidator.revalidate()
  }, [source, method, navigate, revalidator])

  const pay = async () => {
    setConfirming(false)
    setPaying(true)
    let result: ApproveResult
    try {
      result = await approve(method, source)
    } catch {
      // The API client has shown why (余额不足, 请先完成实名认证…); the choice stays as it was.
      setPaying(false)
      return
    }
    if (method === PAY_METHOD.balance) {
      paid()
    } else if (method === PAY_METHOD.online && result.body) {
      submitProviderForm(result.body)
      return
    } else if (result.codeUrl) {
      setQrOrder({ orderNumber: result.orderNumber, codeUrl: result.codeUrl })
    }
    setPaying(false)
  }

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

        <RadioCard.Root
          value={String(method)}
          onValueChange={(e) => e.value && setMethod(Number(e.value) as PayMethod)}
          colorPalette="brand"
        >
          <RadioCard.Label fontSize="md" fontWeight="semibold" mb="2">
            支付方式
          </RadioCard.Label>
          <Stack gap="3">
            {PAY_METHODS.map((code) => {
              const disabled = code === PAY_METHOD.balance && balanceShort
              return (
                <RadioCard.Item
                  key={code}
                  value={String(code)}
                  disabled={disabled}
                  data-testid={`pay-method-${code}`}
                >
                  <RadioCard.ItemHiddenInput />
                  <RadioCard.ItemControl>
                    <RadioCard.ItemContent>
                      <HStack>
                        <RadioCard.ItemText>{PAY_METHOD_LABEL[code]}</RadioCard.ItemText>
                        {disabled && (
                          <Badge colorPalette="gray" data-testid="pay-balance-short">
                            {PAY_MSG.balanceInsufficient}
                          </Badge>
                        )}
                      </HStack>
                      <RadioCard.ItemDescription>{METHOD_NOTE[code]}</RadioCard.ItemDescription>
                    </RadioCard.ItemContent>
                    <RadioCard.ItemIndicator />
                  </RadioCard.ItemControl>
                </RadioCard.Item>
              )
            })}
          </Stack>
        </RadioCard.Root>

        <HStack justify="flex-end" gap="4">
          <Text>
            应付金额{' '}
            <Text as="span" fontSize="2xl" fontWeight="bold" color="red.600">
              ¥{certificate.approveMoney}
            </Text>
          </Text>
          <Button
            colorPalette="brand"
            size="lg"
            loading={paying}
            onClick={() => setConfirming(true)}
            data-testid="pay-submit"
          >
            立即支付
          </Button>
        </HStack>
      </Stack>

      <Dialog.Root
        open={confirming}
        onOpenChange={(e) => setConfirming(e.open)}
        role="alertdialog"
        placement="center"
        size="sm"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="pay-confirm">
              <Dialog.Header>
                <Dialog.Title>提示</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>{PAY_MSG.confirmBeforePaying}</Text>
                <Text mt="2" fontSize="sm" color="fg.muted">
                  {PAY_METHOD_LABEL[method]} ¥{formatYuan(fee)}
                </Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">取消</Button>
                </Dialog.ActionTrigger>
                <Button colorPalette="brand" onClick={pay}>
                  确定
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>

      {qrOrder && (
        <Suspense fallback={null}>
          <QrDialog order={qrOrder} amountFen={fee} onClose={() => setQrOrder(null)} onPaid={paid} />
        </Suspense>
      )}
    </Container>
  )
}

function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string
  value: string
  note?: string
  testId?: string
}) {
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="bold" data-testid={testId}>
        {value}
        {note && (
          <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted" ms="1">
            {note}
          </Text>
        )}
      </Text>
    </Stack>
  )
}
