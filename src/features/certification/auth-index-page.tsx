import { Badge, Button, Card, Container, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink, useLocation, useNavigate } from 'react-router'
import { useRealnameStatus } from '../../components/use-realname-status.ts'
import { pageHead } from '../../lib/page-head.ts'
import { loginPath, paths } from '../../lib/paths.ts'
import { REALNAME_NOTES } from '../../lib/realname-notes.ts'
import { useUserStore } from '../../stores/user.ts'
import { SearchForm } from './search-form.tsx'

export const handle = pageHead(() => ({
  title: '实名认证与证书查验',
  description: '咖簿网实名认证：认证设计师与作品确权的前提；并可按编号或姓名查验设计师认证证书。',
}))

/** /auth/index (SPEC §2 Certification): real-name verification, and the way to verify a certificate. */
export function Component() {
  const { userId, verified } = useRealnameStatus()
  const openDialog = useUserStore((s) => s.setRealnameDialogOpen)
  const navigate = useNavigate()
  const { pathname } = useLocation()

  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <Heading as="h1" size="2xl">
          实名认证与证书查验
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <Card.Root>
            <Card.Header>
              <Card.Title as="h2">实名认证</Card.Title>
            </Card.Header>
            <Card.Body gap="4">
              <List.Root gap="1" ps="4" fontSize="sm" color="fg.muted">
                {REALNAME_NOTES.map((note) => (
                  <List.Item key={note}>{note}</List.Item>
                ))}
              </List.Root>
              {verified ? (
                <Badge colorPalette="green" alignSelf="flex-start" data-testid="auth-verified">
                  您已完成实名认证
                </Badge>
              ) : (
                <Button
                  colorPalette="brand"
                  alignSelf="flex-start"
                  loading={!!userId && verified === undefined}
                  onClick={() => (userId ? openDialog(true) : navigate(loginPath(pathname)))}
                >
                  {userId ? '立即实名认证' : '登录后实名认证'}
                </Button>
              )}
              {verified && (
                <Button asChild variant="outline" alignSelf="flex-start" size="sm">
                  <RouterLink to={paths.certApply.path}>下一步：申请设计师认证</RouterLink>
                </Button>
              )}
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Card.Title as="h2">证书查验</Card.Title>
            </Card.Header>
            <Card.Body gap="4">
              <Text fontSize="sm" color="fg.muted">
                扫描证书上的二维码，或输入证书编号、持证人姓名，查验证书真伪与有效期。
              </Text>
              <SearchForm
                action={paths.authSearch.path}
                name="keyword"
                defaultValue=""
                placeholder="证书编号或姓名"
                label="查验"
              />
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      </Stack>
    </Container>
  )
}
