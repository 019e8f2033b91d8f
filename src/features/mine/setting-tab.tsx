import { Card, DataList, Link, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { paths } from '../../lib/paths.ts'
import { useUserStore } from '../../stores/user.ts'
import { TabFrame } from './tab-frame.tsx'

/** Setting: the account's profile, and the way to a new password. */
export function SettingTab() {
  const info = useUserStore((s) => s.info)
  return (
    <TabFrame title="个人设置">
      {() => (
        <Card.Root>
          <Card.Body gap="4">
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>昵称</DataList.ItemLabel>
                <DataList.ItemValue>{info?.nickname}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>姓名</DataList.ItemLabel>
                <DataList.ItemValue>{info?.username}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
            <Text fontSize="sm">
              修改密码：
              <Link asChild color="brand.600">
                <RouterLink to={paths.forgetPassword}>通过手机验证码设置新密码</RouterLink>
              </Link>
            </Text>
          </Card.Body>
        </Card.Root>
      )}
    </TabFrame>
  )
}
