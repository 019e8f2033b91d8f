import { Box, Card, Container, HStack, Link, Skeleton, Stack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { BrandLogo } from '../../components/brand-logo.tsx'
import { paths } from '../../lib/paths.ts'

/** The centred card the sign-in screens share: logo, title, the ways in, then the form. */
export function AuthCard({
  title,
  tabs,
  children,
}: {
  title: string
  tabs?: ReactNode
  children: ReactNode
}) {
  return (
    <Box
      flex="1"
      bgGradient="to-br"
      gradientFrom="brand.50"
      gradientTo="bg.muted"
      py={{ base: '10', md: '16' }}
    >
      <Container maxW="md">
        <Card.Root boxShadow="lg">
          <Card.Header alignItems="center" gap="3">
            <BrandLogo />
            <Card.Title as="h1" fontSize="xl">
              {title}
            </Card.Title>
            {tabs}
          </Card.Header>
          <Card.Body>{children}</Card.Body>
        </Card.Root>
      </Container>
    </Box>
  )
}

type Way = 'login' | 'register' | 'wechat'

/**
 * The three ways in: password sign-in, sign-up (both on /login, `tab=register` for the latter) and
 * WeChat (/wxlogin). The return address travels along.
 */
export function LoginTabs({ current }: { current: Way }) {
  const [params] = useSearchParams()
  const back = params.get('return_url')
  const keep = (extra: Record<string, string> = {}) => {
    const q = new URLSearchParams(extra)
    if (back) q.set('return_url', back)
    const text = q.toString()
    return text ? `?${text}` : ''
  }
  const ways: Array<[Way, string, string]> = [
    ['login', '密码登录', paths.login.path + keep()],
    ['register', '注册', paths.login.path + keep({ tab: 'register' })],
    ['wechat', '微信登录', paths.wechatLogin.path + keep()],
  ]
  return (
    <HStack as="nav" aria-label="登录方式" gap="5" fontSize="sm" data-testid="login-tabs">
      {ways.map(([way, label, to]) => (
        <Link
          key={way}
          asChild
          color={way === current ? 'brand.700' : 'fg.muted'}
          fontWeight={way === current ? 'semibold' : 'normal'}
          borderBottomWidth="2px"
          borderColor={way === current ? 'brand.600' : 'transparent'}
          pb="1"
          aria-current={way === current ? 'page' : undefined}
        >
          <RouterLink to={to} replace>
            {label}
          </RouterLink>
        </Link>
      ))}
    </HStack>
  )
}

/** Stands in for a form whose code is still loading. */
export function FormSkeleton() {
  return (
    <Stack gap="4" aria-label="加载中">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} h="10" />
      ))}
    </Stack>
  )
}
