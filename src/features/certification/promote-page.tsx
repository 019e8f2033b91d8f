import { Button, Card, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink, useLoaderData } from 'react-router'
import { certFeeText } from '../../../schemas/payment.ts'
import { getCertificationOverview } from '../../api/certificates.ts'
import { InviteCard } from '../../components/invite-card.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { loginPath, paths } from '../../lib/paths.ts'
import { useUserStore } from '../../stores/user.ts'

export const loader = () => getCertificationOverview()
type Data = Awaited<ReturnType<typeof loader>>

export const handle = pageHead<Data>(() => ({
  title: '认证推广',
  description: '成为咖簿网认证设计师的理由，以及邀请同行一起认证的方法。',
}))

const BENEFITS = [
  { title: '可查验的资格', text: '证书编号与二维码公开可查，客户与合作方随时核验真伪与有效期。' },
  { title: '名录展示', text: '认证有效期内进入认证设计师名录，按城市与专业被找到。' },
  { title: '作品确权', text: '实名认证后即可为原创作品登记哈希、时间戳与公证存证。' },
  { title: '竞赛与活动', text: '参与协会主办的设计竞赛与活动，获奖证书寄往默认收货地址。' },
] as const

/** /certification/promote (SPEC §2 Certification): why certify, and the designer's own invite link. */
export function Component() {
  const overview = useLoaderData() as Data
  const signedIn = useUserStore((s) => s.userId !== null)
  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            认证推广
          </Heading>
          <Text color="fg.muted">
            已有 {overview.certifiedCount} 位设计师获得认证。认证费{' '}
            {certFeeText(overview.approveMoney, overview.validYears)}。
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {BENEFITS.map((b) => (
            <Card.Root key={b.title}>
              <Card.Body gap="2">
                <Card.Title as="h2">{b.title}</Card.Title>
                <Card.Description>{b.text}</Card.Description>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
        {signedIn ? (
          <InviteCard />
        ) : (
          <Card.Root>
            <Card.Body gap="3" alignItems="flex-start">
              <Text>登录后可获得您的专属邀请码和邀请链接，好友注册时填写即可记入您的邀请。</Text>
              <Button asChild colorPalette="brand" size="sm">
                <RouterLink to={loginPath(paths.certificationPromote.path)}>登录查看邀请码</RouterLink>
              </Button>
            </Card.Body>
          </Card.Root>
        )}
        <Button asChild alignSelf="flex-start" colorPalette="brand">
          <RouterLink to={paths.certApply.path}>我也要认证</RouterLink>
        </Button>
      </Stack>
    </Container>
  )
}
