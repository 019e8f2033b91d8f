import { Box, Button, Link, Skeleton, Stack, Text } from '@chakra-ui/react'
import { QRCodeSVG } from 'qrcode.react'
import { redirect, useSearchParams } from 'react-router'
import { getWechatAuthorize } from '../../api/account.ts'
import { paths } from '../../lib/paths.ts'
import { getToken } from '../../lib/token.ts'
import { useLoad } from '../../lib/use-load.ts'
import { useTitle } from '../../lib/use-title.ts'
import { AuthCard, LoginTabs } from './auth-card.tsx'
import { rememberWechatStart } from './wechat-session.ts'

const QR_SIZE = 200

/** Signed in already: nothing to do here (as /login, SPEC §4). */
export function loader() {
  if (import.meta.env.SSR) return null
  if (getToken()) throw redirect(paths.home.path)
  return null
}

/** /wxlogin (SPEC §2, §6): a QR code of the WeChat authorisation page; a new one on request. */
export function Component() {
  const [params] = useSearchParams()
  useTitle('微信登录')
  const loaded = useLoad(async () => {
    const start = await getWechatAuthorize()
    rememberWechatStart(start.state, params.get('return_url'))
    return start
  }, [])

  return (
    <AuthCard title="微信扫码登录" tabs={<LoginTabs current="wechat" />}>
      <Stack align="center" gap="4" textAlign="center">
        <Box
          p="3"
          borderWidth="1px"
          borderRadius="md"
          bg="white"
          w={`${QR_SIZE + 26}px`}
          h={`${QR_SIZE + 26}px`}
        >
          {loaded.data ? (
            <QRCodeSVG
              value={loaded.data.url}
              size={QR_SIZE}
              title="微信登录二维码"
              data-testid="wx-qr"
              data-url={loaded.data.url}
            />
          ) : (
            <Skeleton w={`${QR_SIZE}px`} h={`${QR_SIZE}px`} />
          )}
        </Box>
        <Text>请使用微信扫一扫，在手机上确认登录</Text>
        <Text fontSize="sm" color="fg.muted">
          首次使用微信登录将自动创建咖簿网账号。二维码10分钟内有效。
        </Text>
        <Stack direction="row" gap="4" fontSize="sm">
          <Button size="sm" variant="outline" onClick={loaded.reload} loading={loaded.loading}>
            刷新二维码
          </Button>
          {loaded.data && (
            <Link href={loaded.data.url} color="brand.600" alignSelf="center" data-testid="wx-open-here">
              无法扫码？在本机打开
            </Link>
          )}
        </Stack>
      </Stack>
    </AuthCard>
  )
}
