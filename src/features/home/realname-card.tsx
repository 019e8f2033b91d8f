import { Badge, Button, Card, HStack, Text } from '@chakra-ui/react'
import { useLocation, useNavigate } from 'react-router'
import { useRealnameStatus } from '../../components/use-realname-status.ts'
import { loginPath } from '../../lib/paths.ts'
import { useUserStore } from '../../stores/user.ts'

/**
 * The first service card: real-name verification. Signed out, it leads to sign-in; signed in, it
 * opens the real-name dialog, or shows that verification is done.
 */
export function RealnameCard({ mark, title, text }: { mark: string; title: string; text: string }) {
  const { userId, verified } = useRealnameStatus()
  const openDialog = useUserStore((s) => s.setRealnameDialogOpen)
  const navigate = useNavigate()
  const { pathname } = useLocation()

  return (
    <Card.Root h="full" borderColor={verified ? 'green.300' : undefined} data-testid="realname-card">
      <Card.Body gap="3">
        <Text fontSize="3xl" fontWeight="black" color="brand.400" lineHeight="1">
          {mark}
        </Text>
        <HStack justify="space-between">
          <Card.Title as="h3">{title}</Card.Title>
          {verified && (
            <Badge colorPalette="green" variant="solid">
              已实名
            </Badge>
          )}
        </HStack>
        <Card.Description>{text}</Card.Description>
      </Card.Body>
      <Card.Footer>
        {verified ? (
          <Text fontSize="sm" color="green.700">
            您已完成实名认证
          </Text>
        ) : (
          <Button
            size="sm"
            colorPalette="brand"
            onClick={() => (userId ? openDialog(true) : navigate(loginPath(pathname)))}
            loading={!!userId && verified === undefined}
          >
            {userId ? '立即实名认证' : '登录后认证'}
          </Button>
        )}
      </Card.Footer>
    </Card.Root>
  )
}
