import {
  Avatar,
  Badge,
  Button,
  Card,
  DataList,
  HStack,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { getCertificate, getUserMoney } from '../../api/payment.ts'
import { getRealNameBo } from '../../api/realname.ts'
import { InviteCard } from '../../components/invite-card.tsx'
import { assetUrl, mineTab, paths } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { useUserStore } from '../../stores/user.ts'
import { CertificationSummary } from './certification-summary.tsx'
import { TabFrame } from './tab-frame.tsx'

/** Info: profile, real-name status (with the dialog), certification and balance. */
export function InfoTab() {
  const info = useUserStore((s) => s.info)
  const verifiedNow = useUserStore((s) => s.realnameVerified)
  const openRealname = useUserStore((s) => s.setRealnameDialogOpen)
  const loaded = useLoad(
    () => Promise.all([getRealNameBo(), getCertificate(), getUserMoney()]),
    // Verifying in the dialog reloads the panel.
    [verifiedNow],
  )
  return (
    <TabFrame title="认证信息" loaded={loaded}>
      {([realname, certificate, money]) => (
        <Stack gap="5">
          <Card.Root>
            <Card.Body>
              <HStack gap="4">
                <Avatar.Root size="xl" colorPalette="brand">
                  <Avatar.Fallback name={info?.nickname || info?.username} />
                  {info?.profilePhoto && <Avatar.Image src={assetUrl(info.profilePhoto)} alt="" />}
                </Avatar.Root>
                <Stack gap="1">
                  <Text fontSize="xl" fontWeight="bold">
                    {info?.nickname || info?.username}
                  </Text>
                  <HStack>
                    {realname.verified ? (
                      <Badge colorPalette="green" data-testid="mine-realname">
                        已实名
                      </Badge>
                    ) : (
                      <Badge colorPalette="gray" data-testid="mine-realname">
                        未实名
                      </Badge>
                    )}
                    {certificate.certification?.status === 'valid' && (
                      <Badge colorPalette="brand">认证设计师</Badge>
                    )}
                  </HStack>
                </Stack>
              </HStack>
            </Card.Body>
          </Card.Root>

          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <Card.Root>
              <Card.Header>
                <Card.Title as="h3">实名信息</Card.Title>
              </Card.Header>
              <Card.Body>
                {realname.verified ? (
                  <DataList.Root orientation="horizontal">
                    <DataList.Item>
                      <DataList.ItemLabel>姓名</DataList.ItemLabel>
                      <DataList.ItemValue>{realname.username}</DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>{realname.identityTypeLabel ?? '证件'}</DataList.ItemLabel>
                      <DataList.ItemValue>{realname.identity}</DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>所在城市</DataList.ItemLabel>
                      <DataList.ItemValue>{realname.cityNames?.join(' ')}</DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>职业</DataList.ItemLabel>
                      <DataList.ItemValue>
                        {realname.professionalLabel} · {realname.professionalName}
                      </DataList.ItemValue>
                    </DataList.Item>
                  </DataList.Root>
                ) : (
                  <Stack gap="3" align="flex-start">
                    <Text color="fg.muted">申请设计师认证和作品确权前，需要先完成实名认证。</Text>
                    <Button colorPalette="brand" size="sm" onClick={() => openRealname(true)}>
                      立即实名认证
                    </Button>
                  </Stack>
                )}
              </Card.Body>
            </Card.Root>

            <Card.Root>
              <Card.Header>
                <Card.Title as="h3">设计师认证</Card.Title>
              </Card.Header>
              <Card.Body>
                <CertificationSummary info={certificate} />
              </Card.Body>
            </Card.Root>
          </SimpleGrid>

          <Card.Root>
            <Card.Body>
              <HStack justify="space-between" wrap="wrap" gap="3">
                <Stack gap="0">
                  <Text fontWeight="semibold">个人简历</Text>
                  <Text fontSize="sm" color="fg.muted">
                    填写简历后可查看并导出 A4 PDF
                  </Text>
                </Stack>
                <HStack>
                  <Button asChild size="sm" variant="outline">
                    <RouterLink to={paths.resumeEdit.path}>编辑简历</RouterLink>
                  </Button>
                  <Button asChild size="sm" colorPalette="brand">
                    <RouterLink to={paths.resumeView.path}>查看简历</RouterLink>
                  </Button>
                </HStack>
              </HStack>
            </Card.Body>
          </Card.Root>

          <InviteCard />

          <Card.Root>
            <Card.Body>
              <HStack justify="space-between" wrap="wrap" gap="4">
                <HStack gap="8">
                  <Stack gap="0">
                    <Text fontSize="sm" color="fg.muted">
                      账户余额
                    </Text>
                    <Text fontSize="xl" fontWeight="bold" data-testid="mine-balance">
                      ¥{money.money}
                    </Text>
                  </Stack>
                  <Stack gap="0">
                    <Text fontSize="sm" color="fg.muted">
                      积分
                    </Text>
                    <Text fontSize="xl" fontWeight="bold" data-testid="mine-points">
                      {money.integral}
                    </Text>
                  </Stack>
                </HStack>
                <Link asChild color="brand.600">
                  <RouterLink to={mineTab('Bill')}>查看账单</RouterLink>
                </Link>
              </HStack>
            </Card.Body>
          </Card.Root>
        </Stack>
      )}
    </TabFrame>
  )
}
