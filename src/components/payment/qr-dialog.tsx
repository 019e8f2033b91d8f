import { Box, Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react'
import { QRCodeSVG } from 'qrcode.react'
import { useEffect, useRef, useState } from 'react'
import { formatYuan, PAY_MSG, PAY_QR_SIZE, PAY_STATUS, type PayStatus } from '../../../schemas/payment.ts'
import { getPayStatus } from '../../api/payment.ts'
import { pollPayStatus } from './pay-status-poll.ts'

/**
 * The WeChat-type QR payment (SPEC §4): a 200 × 200 code, polled every 2 s while open. Loaded only
 * when a payer picks the QR method, with qrcode.react.
 */
export default function QrDialog({
  order,
  amountFen,
  onClose,
  onPaid,
}: {
  order: { orderNumber: string; codeUrl: string } | null
  amountFen: number
  onClose(): void
  onPaid(): void
}) {
  const [status, setStatus] = useState<PayStatus>(PAY_STATUS.pending)
  // The latest callback, without restarting the poll when the page hands a new one.
  const onPaidRef = useRef(onPaid)
  onPaidRef.current = onPaid

  useEffect(() => {
    if (!order) return
    setStatus(PAY_STATUS.pending)
    const poll = pollPayStatus({
      orderNumber: order.orderNumber,
      fetchStatus: getPayStatus,
      onSettled(next) {
        setStatus(next)
        if (next === PAY_STATUS.success) onPaidRef.current()
      },
    })
    return () => poll.stop()
  }, [order])

  return (
    <Dialog.Root open={!!order} onOpenChange={(e) => !e.open && onClose()} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="pay-qr-dialog">
            <Dialog.Header>
              <Dialog.Title>微信扫码支付</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack align="center" gap="3" textAlign="center">
                <Text fontSize="2xl" fontWeight="bold" color="red.600">
                  ¥{formatYuan(amountFen)}
                </Text>
                {status === PAY_STATUS.success ? (
                  <Text color="green.700" fontWeight="semibold" data-testid="pay-qr-success" role="status">
                    {PAY_MSG.succeeded}
                  </Text>
                ) : status === PAY_STATUS.closed ? (
                  <Text color="fg.muted" role="status">
                    {PAY_MSG.closed}
                  </Text>
                ) : (
                  <>
                    <Box p="2" bg="white" borderWidth="1px" borderRadius="md">
                      {order && (
                        <QRCodeSVG
                          value={order.codeUrl}
                          size={PAY_QR_SIZE}
                          title="支付二维码"
                          data-testid="pay-qr"
                          data-url={order.codeUrl}
                        />
                      )}
                    </Box>
                    <Text fontSize="sm" color="fg.muted">
                      请使用微信扫一扫完成支付，支付完成后本页自动更新
                    </Text>
                    {order && (
                      <Text fontSize="xs" color="fg.muted">
                        订单号 {order.orderNumber}
                      </Text>
                    )}
                  </>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {status === PAY_STATUS.pending ? '取消' : '关闭'}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="关闭" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
