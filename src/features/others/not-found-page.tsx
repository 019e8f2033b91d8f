import { Button, Container, HStack, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'

export function NotFoundView({ onBack }: { onBack(): void }) {
  return (
    <Container maxW="3xl" py={{ base: '16', md: '24' }} textAlign="center">
      <Stack gap="5" align="center">
        <Text
          as="p"
          fontSize={{ base: '7xl', md: '8xl' }}
          fontWeight="black"
          lineHeight="1"
          color="brand.600"
          letterSpacing="tight"
          aria-hidden
        >
          404
        </Text>
        <Text as="h1" fontSize="2xl" fontWeight="bold">
          页面不存在
        </Text>
        <Text color="fg.muted">
          您访问的页面可能已被移除、更名，或暂时不可用。请检查网址，或从首页重新进入。
        </Text>
        <HStack gap="3">
          <Button asChild colorPalette="brand">
            <RouterLink to={paths.index.path}>返回首页</RouterLink>
          </Button>
          <Button variant="outline" onClick={onBack}>
            返回上一页
          </Button>
        </HStack>
      </Stack>
    </Container>
  )
}

export const handle = pageHead(() => ({ title: '页面不存在' }))

export function Component() {
  const navigate = useNavigate()
  return <NotFoundView onBack={() => navigate(-1)} />
}
