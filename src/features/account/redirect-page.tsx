import { Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { getHandoffInfo, redeemHandoff } from '../../api/account.ts'
import { paths } from '../../lib/paths.ts'
import { safeRedirectPath } from '../../lib/safe-url.ts'
import { setToken } from '../../lib/token.ts'
import { useLoad } from '../../lib/use-load.ts'
import { useUserStore } from '../../stores/user.ts'
import { AuthCard } from './auth-card.tsx'

/**
 * /redirect?token&url (SPEC §2) when the visitor opened a hand-off link themselves (the server sends
 * anyone else straight on: server/routes/handoff.ts). Opening the link signs nobody in: this page names
 * the account it would sign in — and the one it would replace — and only 确认登录 spends the code.
 */
export function Component() {
  const [params] = useSearchParams()
  const code = params.get('token') ?? ''
  const target = safeRedirectPath(params.get('url'), paths.home.path)
  const navigate = useNavigate()
  const current = useUserStore((s) => s.name)
  const info = useLoad(() => getHandoffInfo(code), [code])
  const [busy, setBusy] = useState(false)

  const confirm = async () => {
    setBusy(true)
    try {
      const { token } = await redeemHandoff(code)
      setToken(token)
      useUserStore.getState().reset()
      navigate(target, { replace: true })
    } catch {
      // Shown by the API client (登录链接无效或已过期…); the page stays.
      setBusy(false)
    }
  }

  return (
    <AuthCard title="确认登录">
      {info.loading && !info.data ? (
        <Stack gap="3">
          <Skeleton h="5" />
          <Skeleton h="5" w="60%" />
        </Stack>
      ) : !info.data ? (
        <Stack gap="4" data-testid="handoff-invalid">
          <Text>登录链接无效或已过期（链接 2 分钟内有效，只能使用一次），请在原设备上重新生成。</Text>
          <Button colorPalette="brand" onClick={() => navigate(paths.home.path, { replace: true })}>
            返回首页
          </Button>
        </Stack>
      ) : (
        <Stack gap="4" data-testid="handoff-confirm">
          <Text>
            将以
            <Text as="strong" mx="1" data-testid="handoff-account">
              {info.data.username}（{info.data.account}）
            </Text>
            的身份登录咖簿网。
          </Text>
          {current && (
            <Text color="orange.700" data-testid="handoff-switch">
              当前已登录：{current}。确认后将退出当前账号，切换为上面的账号。
            </Text>
          )}
          <Text fontSize="sm" color="fg.muted">
            这不是你的账号，或你并没有在其他设备上生成登录二维码？请点“取消”。链接有效至{' '}
            {formatBeijing(Date.parse(info.data.expiresAt)).slice(-5)}（北京时间）。
          </Text>
          <HStack gap="3">
            <Button colorPalette="brand" loading={busy} onClick={confirm} flex="1">
              确认登录
            </Button>
            <Button variant="outline" onClick={() => navigate(target, { replace: true })} flex="1">
              取消
            </Button>
          </HStack>
        </Stack>
      )}
    </AuthCard>
  )
}
