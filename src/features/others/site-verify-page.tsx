import { Code, Container, Heading, Stack, Text } from '@chakra-ui/react'
import { useLoaderData } from 'react-router'
import { getSiteVerification, type SiteVerification } from '../../api/articles.ts'
import { pageHead } from '../../lib/page-head.ts'

export const loader = () => getSiteVerification()

export const handle = pageHead<SiteVerification>(() => ({
  title: '百度站点验证',
  description: '咖簿网在百度搜索资源平台的站点验证页面。',
}))

/**
 * /site-verify-bd (SPEC §2 Agreements and site): shows the verification code Baidu's checker looks for,
 * from BAIDU_SITE_VERIFICATION (README); when unset, says how to set it.
 */
export function Component() {
  const v = useLoaderData() as SiteVerification
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <Stack gap="4" bg="bg" borderRadius="xl" borderWidth="1px" p={{ base: '5', md: '8' }}>
        <Heading as="h1" size="xl">
          百度站点验证
        </Heading>
        {v.configured ? (
          <>
            <Text>本站的百度站点验证码：</Text>
            <Code fontSize="lg" p="3" data-testid="site-verification">
              {v.content}
            </Code>
          </>
        ) : (
          <Text color="fg.muted" lineHeight="tall" data-testid="site-verification-unset">
            本站尚未配置百度站点验证码。运营人员在百度搜索资源平台添加站点、选择验证方式后，把平台给出的验证码（形如
            codeva-xxxxxxxx）设置为服务器环境变量 BAIDU_SITE_VERIFICATION 并重启服务，此页面即显示该验证码。
          </Text>
        )}
      </Stack>
    </Container>
  )
}
