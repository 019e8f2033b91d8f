import { Link, Text } from '@chakra-ui/react'
import { useRef, useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { FORMATS, MESSAGES } from '../../../schemas/formats.ts'
import { resetPassword, sendResetCode } from '../../api/account.ts'
import { SchemaForm } from '../../forms/schema-form.tsx'
import { notify } from '../../lib/notify.ts'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'
import { AuthCard } from './auth-card.tsx'

export const handle = pageHead(() => ({ title: '找回密码' }))

/** /forgetPwd: a new password by SMS code, then back to sign in. */
export function Component() {
  const navigate = useNavigate()
  const phone = useRef('')
  const [submitting, setSubmitting] = useState(false)

  const context = {
    async sendCode() {
      if (!FORMATS.phone.test(phone.current)) {
        notify(MESSAGES.phoneInvalid, 'error')
        throw new Error(MESSAGES.phoneInvalid)
      }
      await sendResetCode(phone.current)
      notify('验证码已发送，5分钟内有效', 'success')
    },
  }

  const submit = async (data: Record<string, unknown>) => {
    setSubmitting(true)
    try {
      await resetPassword(data)
      notify('密码已重置，请使用新密码登录', 'success')
      navigate(paths.login.path, { replace: true })
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthCard title="找回密码">
      <SchemaForm
        name="password-reset"
        submitLabel="重置密码"
        submitting={submitting}
        context={context}
        onChange={(data) => {
          phone.current = String(data.phone ?? '').trim()
        }}
        onSubmit={submit}
      />
      <Text fontSize="sm" color="fg.muted" textAlign="center" mt="4">
        想起密码了？
        <Link asChild color="brand.600">
          <RouterLink to={paths.login.path}>返回登录</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  )
}
