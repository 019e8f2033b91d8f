import { Badge, Button, Dialog, HStack, Portal, RadioCard, Stack, Text } from '@chakra-ui/react'
import { lazy, Suspense, useState } from 'react'
import type { ApproveResult } from '../../../schemas/api/payment.ts'
import {
  formatYuan,
  PAY_METHOD,
  PAY_METHOD_LABEL,
  PAY_METHODS,
  PAY_MSG,
  type PayMethod,
} from '../../../schemas/payment.ts'
import { submitProviderForm } from './provider-form.ts'

const QrDialog = lazy(() => import('./qr-dialog.tsx'))

const METHOD_NOTE: Record<PayMethod, string> = {
  [PAY_METHOD.balance]: '使用账户余额支付，即时到账',
  [PAY_METHOD.online]: '跳转至支付平台，支持银行卡与支付宝类支付',
  [PAY_METHOD.wechatQr]: '使用微信扫描二维码支付',
}

interface PayPanelProps {
  amountFen: number
  /** The payer's balance in fen: below the amount, paying by balance is disabled with 余额不足. */
  balanceFen: number
  /** Opens the order for this method (POST /my/approve/{method}, or a competition's fee). */
  approve(method: PayMethod): Promise<ApproveResult>
  /** Called once the payment succeeded (balance at once, QR once the poll reads status 3). */
  onPaid(method: PayMethod): void
}

/**
 * Choosing how to pay and paying (SPEC §2 Payment page, §4 Payment), shared by /payment and a
 * competition's /pay page so both follow the same rules: methods 4, 3 and 2; balance disabled when
 * short; 请确认后再支付 before anything is charged; online replaces the page with the provider's form;
 * QR opens the 200×200 dialog that polls every 2 s.
 */
export function PayPanel({ amountFen, balanceFen, approve, onPaid }: PayPanelProps) {
  const balanceShort = balanceFen < amountFen
  const [method, setMethod] = useState<PayMethod>(balanceShort ? PAY_METHOD.online : PAY_METHOD.balance)
  const [confirming, setConfirming] = useState(false)
  const [paying, setPaying] = useState(false)
  const [qrOrder, setQrOrder] = useState<{ orderNumber: string; codeUrl: string } | null>(null)

  const pay = async () => {
    setConfirming(false)
    setPaying(true)
    let result: ApproveResult
    try {
      result = await approve(method)
    } catch {
      // The API client has shown why (余额不足, 请先完成实名认证…); the choice stays as it was.
      setPaying(false)
      return
    }
    if (method === PAY_METHOD.balance) {
      onPaid(method)
    } else if (method === PAY_METHOD.online && result.body) {
      submitProviderForm(result.body)
      return
    } else if (result.codeUrl) {
      setQrOrder({ orderNumber: result.orderNumber, codeUrl: result.codeUrl })
    }
    setPaying(false)
  }

  return (
    <>
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
            ¥{formatYuan(amountFen)}
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
                  {PAY_METHOD_LABEL[method]} ¥{formatYuan(amountFen)}
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
          <QrDialog
            order={qrOrder}
            amountFen={amountFen}
            onClose={() => setQrOrder(null)}
            onPaid={() => onPaid(method)}
          />
        </Suspense>
      )}
    </>
  )
}
