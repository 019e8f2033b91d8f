import { Button, Card, Clipboard, HStack, Stack, Text } from '@chakra-ui/react'
import { formatBeijingDate } from '../../schemas/beijing-time.ts'
import { getInviteInfo } from '../api/account.ts'
import { useLoad } from '../lib/use-load.ts'
import { copyLabels } from './copy-labels.ts'

/** Invite info (GET /my/getInviteInfo): the code, the link to share, and who signed up with it. */
export function InviteCard() {
  const loaded = useLoad(getInviteInfo, [])
  const invite = loaded.data
  return (
    <Card.Root data-testid="mine-invite">
      <Card.Header>
        <Card.Title as="h3">邀请好友</Card.Title>
      </Card.Header>
      <Card.Body gap="3">
        {!invite ? (
          <Text color="fg.muted">{loaded.failed ? '邀请信息加载失败' : '加载中…'}</Text>
        ) : (
          <>
            <HStack gap="3" wrap="wrap">
              <Text>
                我的邀请码：
                <Text as="span" fontFamily="mono" fontWeight="bold" data-testid="mine-invite-code">
                  {invite.inviteCode}
                </Text>
              </Text>
              <Clipboard.Root value={invite.inviteUrl} translations={copyLabels('复制邀请链接')}>
                <Clipboard.Trigger asChild>
                  <Button size="xs" variant="outline">
                    <Clipboard.Indicator copied="已复制">复制邀请链接</Clipboard.Indicator>
                  </Button>
                </Clipboard.Trigger>
              </Clipboard.Root>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              已邀请 {invite.invitedCount} 人
            </Text>
            {invite.invited.length > 0 && (
              <Stack gap="1" fontSize="sm">
                {invite.invited.map((u) => (
                  <HStack key={`${u.username}-${u.createTime}`} justify="space-between">
                    <Text>{u.username}</Text>
                    <Text color="fg.muted">{formatBeijingDate(u.createTime)} 注册</Text>
                  </HStack>
                ))}
              </Stack>
            )}
          </>
        )}
      </Card.Body>
    </Card.Root>
  )
}
