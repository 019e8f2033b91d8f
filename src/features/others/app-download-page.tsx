import { Box, Container, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { lazy, Suspense } from 'react'
import { pageHead } from '../../lib/page-head.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'

const PortalQr = lazy(() => import('./portal-qr.tsx'))

export const handle = pageHead(() => ({
  title: '咖簿网手机版',
  description: '用手机扫码打开咖簿网：认证查询、作品确权、竞赛报名与资讯，随时随地。',
}))

const FEATURES = [
  '查看认证状态与电子证书，随时出示',
  '浏览设计师名录、作品与资讯',
  '在线报名竞赛、提交作品、查看进度',
  '收到赛事通知与认证到期提醒',
] as const

/**
 * /others/sdskapp (SPEC §2 Miscellaneous): the mobile app page. There is no store app to download, and
 * the page says so: the portal works in the phone's browser, opened from this QR code.
 */
export function Component() {
  const hydrated = useHydrated()
  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
      <SimpleGrid
        columns={{ base: 1, md: 2 }}
        gap="8"
        bg="bg"
        borderRadius="xl"
        borderWidth="1px"
        p={{ base: '6', md: '10' }}
      >
        <Stack gap="4">
          <Heading as="h1" size="2xl">
            咖簿网手机版
          </Heading>
          <Text color="fg.muted" lineHeight="tall">
            咖簿网的全部功能都可以在手机浏览器中使用，无需安装。用手机相机或微信扫一扫右侧二维码即可打开，可将页面添加到主屏幕，像
            App 一样使用。
          </Text>
          <List.Root ps="5" gap="1">
            {FEATURES.map((f) => (
              <List.Item key={f}>{f}</List.Item>
            ))}
          </List.Root>
          <Text fontSize="sm" color="fg.muted">
            说明：本站暂未在应用商店上架独立 App，请勿从其他渠道下载冒名应用。
          </Text>
        </Stack>
        <Stack align="center" justify="center" gap="3">
          <Box p="3" bg="white" borderWidth="1px" borderRadius="lg" w="206px" h="206px">
            {hydrated && (
              <Suspense fallback={null}>
                <PortalQr />
              </Suspense>
            )}
          </Box>
          <Text fontSize="sm" color="fg.muted">
            扫码打开咖簿网
          </Text>
        </Stack>
      </SimpleGrid>
    </Container>
  )
}
