import { Text } from '@chakra-ui/react'
import { useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { FORMATS, MESSAGES } from '../../../schemas/formats.ts'
import { getUserBase, register, sendRegisterCode } from '../../api/account.ts'
import { SchemaForm } from '../../forms/schema-form.tsx'
import { notify } from '../../lib/notify.ts'
import { paths } from '../../lib/paths.ts'
import { safeRedirectPath } from '../../lib/safe-url.ts'
import { setToken } from '../../lib/token.ts'
import { useUserStore } from '../../stores/user.ts'

/**
 * Sign-up (the login page's 注册 tab): phone or email, the code sent to it, a password under SPEC §5
 * and the agreement. Signed in at once, the new designer lands where they were going and is offered
 * real-name verification.
 */
export default function RegisterPanel() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const setUser = useUserStore((s) => s.setUser)
  const openRealname = useUserStore((s) => s.setRealnameDialogOpen)
  const account = useRef('')
  const [submitting, setSubmitting] = useState(false)
  const invite = params.get('invite') ?? undefined

  const context = {
    async sendCode() {
      if (!FORMATS['phone-or-email'].test(account.current)) {
        notify(MESSAGES.phoneOrEmailInvalid, 'error')
        throw new Error(MESSAGES.phoneOrEmailInvalid)
      }
      await sendRegisterCode(account.current)
      notify(
        FORMATS.phone.test(account.current)
          ? '验证码已发送至手机，5分钟内有效'
          : '验证码已发送至邮箱，5分钟内有效',
        'success',
      )
    },
  }

  const submit = async (data: Record<string, unknown>) => {
    setSubmitting(true)
    try {
      const { token } = await register(data)
      setToken(token)
      setUser(await getUserBase())
      notify('注册成功', 'success')
      navigate(safeRedirectPath(params.get('return_url'), paths.home.path), { replace: true })
      // SPEC: the real-name tip follows sign-up.
      openRealname(true)
    } catch {
      // The API client has shown the server's message; the form keeps what was typed.
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <>
      <SchemaForm
        name="sign-up"
        formData={invite ? { inviteCode: invite } : undefined}
        submitLabel="注册"
        submitting={submitting}
        context={context}
        onChange={(data) => {
          account.current = String(data.account ?? '').trim()
        }}
        onSubmit={submit}
      />
      <Text fontSize="xs" color="fg.muted" textAlign="center" mt="3">
        验证码会发送到您填写的手机或邮箱。
      </Text>
    </>
  )
}
