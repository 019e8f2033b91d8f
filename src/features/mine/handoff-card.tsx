import { Box, Button, Card, Stack, Text } from '@chakra-ui/react'
import { lazy, Suspense, useEffect, useState } from 'react'
import type { HandoffLink } from '../../../schemas/api/account.ts'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { createHandoffLink } from '../../api/account.ts'
import { mineTab } from '../../lib/paths.ts'

const HandoffQr = lazy(() => import('./handoff-qr.tsx'))

/**
 * 在其他设备登录: a QR code of a one-time link (POST /my/handoff) that signs a phone in as this user and
 * opens the personal area there. Two minutes, one use; it works only when opened by the person holding
 * the phone (scanned or typed), never from another site's link (README "Requests from other sites").
 */
export function HandoffCard() {
  const [link, setLink] = useState<HandoffLink>()
  const [busy, setBusy] = useState(false)
  const [expired, setExpired] = useState(false)

  useEffect(() => {
    if (!link) return
    const timer = setTimeout(() => setExpired(true), Math.max(0, Date.parse(link.expiresAt) - Date.now()))
    return () => clearTimeout(timer)
  }, [link])

  const make = async () => {
    setBusy(true)
    try {
      setLink(await createHandoffLink(mineTab('Info')))
      setExpired(false)
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card.Root data-testid="setting-handoff">
      <Card.Header>
        <Card.Title as="h3">在其他设备登录</Card.Title>
      </Card.Header>
      <Card.Body gap="3">
        <Text fontSize="sm" color="fg.muted">
          用手机扫描二维码，即可以当前账号在手机上登录并打开个人中心。二维码 2
          分钟内有效，只能使用一次，请勿发给他人。
        </Text>
        {link && (
          <Stack
            direction={{ base: 'column', sm: 'row' }}
            gap="4"
            align={{ base: 'flex-start', sm: 'center' }}
          >
            <Box position="relative" w="180px" h="180px" flexShrink={0} opacity={expired ? 0.25 : 1}>
              <Suspense fallback={<Box w="180px" h="180px" bg="bg.muted" />}>
                <HandoffQr link={link.link} />
              </Suspense>
            </Box>
            <Stack gap="1" minW="0">
              <Text fontSize="sm" data-testid="handoff-status" color={expired ? 'red.600' : undefined}>
                {expired
                  ? '二维码已过期，请重新生成'
                  : `有效至 ${formatBeijing(Date.parse(link.expiresAt)).slice(-5)}（北京时间），仅可使用一次`}
              </Text>
              {!expired && (
                <Text fontSize="xs" color="fg.muted" wordBreak="break-all" data-testid="handoff-link">
                  {link.link}
                </Text>
              )}
            </Stack>
          </Stack>
        )}
        <Box>
          <Button size="sm" variant="outline" loading={busy} onClick={make}>
            {link ? '重新生成' : '生成登录二维码'}
          </Button>
        </Box>
      </Card.Body>
    </Card.Root>
  )
}
