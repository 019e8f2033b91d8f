import { Card, Link, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { changePassword, getUserBase, updateProfile } from '../../api/account.ts'
import { SchemaForm } from '../../forms/schema-form.tsx'
import { notify } from '../../lib/notify.ts'
import { paths } from '../../lib/paths.ts'
import { useUserStore } from '../../stores/user.ts'
import { HandoffCard } from './handoff-card.tsx'
import { TabFrame } from './tab-frame.tsx'

/** Setting: the nickname, a password change with the current password, and signing in on a phone. */
export function SettingTab() {
  const info = useUserStore((s) => s.info)
  const setUser = useUserStore((s) => s.setUser)
  const [saving, setSaving] = useState<'profile' | 'password' | null>(null)
  // A new key empties the password form after a change.
  const [passwordRound, setPasswordRound] = useState(0)

  const saveProfile = async (data: Record<string, unknown>) => {
    setSaving('profile')
    try {
      await updateProfile(data)
      setUser(await getUserBase())
      notify('个人资料已保存', 'success')
    } catch {
      // Shown by the API client; the form keeps the nickname typed.
    } finally {
      setSaving(null)
    }
  }

  const savePassword = async (data: Record<string, unknown>) => {
    setSaving('password')
    try {
      await changePassword(data)
      notify('密码已修改，其他设备上的登录已退出', 'success')
      setPasswordRound((n) => n + 1)
    } catch {
      // Shown by the API client (当前密码错误…).
    } finally {
      setSaving(null)
    }
  }

  return (
    <TabFrame title="个人设置">
      {() => (
        <>
          <Card.Root>
            <Card.Header>
              <Card.Title as="h3">个人资料</Card.Title>
            </Card.Header>
            <Card.Body data-testid="setting-profile">
              <SchemaForm
                name="profile"
                formData={{ nickname: info?.nickname ?? '' }}
                submitLabel="保存资料"
                submitting={saving === 'profile'}
                onSubmit={saveProfile}
              />
            </Card.Body>
          </Card.Root>
          {info?.hasPassword === false ? (
            <Card.Root data-testid="setting-wechat-only">
              <Card.Header>
                <Card.Title as="h3">登录方式</Card.Title>
              </Card.Header>
              <Card.Body>
                <Text fontSize="sm" color="fg.muted">
                  您的账号通过微信登录创建，没有登录密码，请继续使用微信扫码登录。
                </Text>
              </Card.Body>
            </Card.Root>
          ) : (
            <Card.Root>
              <Card.Header>
                <Card.Title as="h3">修改密码</Card.Title>
              </Card.Header>
              <Card.Body data-testid="setting-password">
                <SchemaForm
                  key={passwordRound}
                  name="password-change"
                  submitLabel="修改密码"
                  submitting={saving === 'password'}
                  onSubmit={savePassword}
                />
                <Text fontSize="sm" color="fg.muted" mt="3">
                  忘记当前密码？
                  <Link asChild color="brand.600">
                    <RouterLink to={paths.forgetPassword.path}>通过手机验证码重置</RouterLink>
                  </Link>
                </Text>
              </Card.Body>
            </Card.Root>
          )}
          <HandoffCard />
        </>
      )}
    </TabFrame>
  )
}
