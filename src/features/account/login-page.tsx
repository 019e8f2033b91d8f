import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react'
import { type FormEvent, lazy, Suspense, useState } from 'react'
import { Link as RouterLink, redirect, useNavigate, useSearchParams } from 'react-router'
import loginValidators from '../../../schemas/generated/login.validator.js'
import { type FieldErrors, normalize, validateForm } from '../../../schemas/validate.ts'
import { TRANSPORT_MSG } from '../../api/http-messages.ts'
import { notify } from '../../lib/notify.ts'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'
import { safeRedirectPath } from '../../lib/safe-url.ts'
import { getToken, setToken } from '../../lib/token.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { useUserStore } from '../../stores/user.ts'
import { AuthCard, FormSkeleton, LoginTabs } from './auth-card.tsx'

const RegisterPanel = lazy(() => import('./register-panel.tsx'))

/** A signed-in visitor has nothing to do here (SPEC §4 Login). */
export function loader() {
  if (getToken()) throw redirect(paths.home.path)
  return null
}

export const handle = pageHead(() => ({
  title: '登录',
  description: '登录咖簿网：工业设计师实名认证、作品确权与设计竞赛',
}))

type Errors = FieldErrors

/**
 * The API client (axios and the account calls) loads when the visitor first focuses the form or
 * submits it, not with the page: evaluating it was the largest part of this page's start-up on a
 * throttled phone, and the page needs it only to send the form.
 */
let accountApi: Promise<typeof import('../../api/account.ts')> | undefined
function loadAccountApi() {
  accountApi ??= import('../../api/account.ts').catch((error: unknown) => {
    // Asks again on the next submit; whether the browser then refetches a failed module depends on
    // the browser (most keep the failure until the page is reloaded).
    accountApi = undefined
    throw error
  })
  return accountApi
}

/** The login schema's own validator: the same messages the server gives for the same input. */
function validate(account: string, password: string): Errors {
  return validateForm('login', loginValidators, normalize('login', { account, password }))
}

export function Component() {
  const [account, setAccount] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [submitting, setSubmitting] = useState(false)
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const setUser = useUserStore((s) => s.setUser)
  const hydrated = useHydrated()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const trimmed = account.trim()
    const found = validate(trimmed, password)
    setErrors(found)
    if (Object.keys(found).length) return
    setSubmitting(true)
    const api = await loadAccountApi().catch((error: unknown) => {
      console.error('The API client could not be loaded:', error)
      notify(TRANSPORT_MSG.network, 'error')
    })
    if (!api) {
      setSubmitting(false)
      return
    }
    const { login, getUserBase } = api
    try {
      const { token } = await login(trimmed, password)
      setToken(token)
      setUser(await getUserBase())
      navigate(safeRedirectPath(params.get('return_url'), paths.home.path), { replace: true })
    } catch {
      // The API client has already shown the server's message (e.g. 账号或密码错误).
      setPassword('')
    } finally {
      setSubmitting(false)
    }
  }

  if (params.get('tab') === 'register') {
    return (
      <AuthCard title="注册咖簿网账号" tabs={<LoginTabs current="register" />}>
        <Suspense fallback={<FormSkeleton />}>
          <RegisterPanel />
        </Suspense>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="账号登录" tabs={<LoginTabs current="login" />}>
      <form onSubmit={submit} onFocus={() => void loadAccountApi().catch(() => {})} noValidate method="post">
        <Stack gap="4">
          <Field.Root invalid={!!errors.account} required>
            <Field.Label>手机号码 / 邮箱</Field.Label>
            <Input
              name="account"
              autoComplete="username"
              disabled={!hydrated}
              placeholder="请输入手机号码或邮箱"
              value={account}
              onChange={(e) => setAccount(e.target.value)}
              onBlur={() => setErrors((prev) => ({ ...prev, account: validate(account, password).account }))}
            />
            <Field.ErrorText>{errors.account}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.password} required>
            <Field.Label>密码</Field.Label>
            <Input
              name="password"
              type="password"
              autoComplete="current-password"
              disabled={!hydrated}
              placeholder="请输入密码"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onBlur={() =>
                setErrors((prev) => ({ ...prev, password: validate(account, password).password }))
              }
            />
            <Field.ErrorText>{errors.password}</Field.ErrorText>
          </Field.Root>
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            disabled={!hydrated}
            loading={submitting}
            loadingText="登录中…"
          >
            登录
          </Button>
          <Link asChild fontSize="sm" color="brand.600" alignSelf="flex-end" mt="-2">
            <RouterLink to={paths.forgetPassword.path}>忘记密码？</RouterLink>
          </Link>
          <Text fontSize="xs" color="fg.muted" textAlign="center">
            登录即表示您已阅读并同意
            <Link asChild color="brand.600">
              <RouterLink to={paths.agreement.getHref('user')}>《用户协议》</RouterLink>
            </Link>
            和
            <Link asChild color="brand.600">
              <RouterLink to={paths.agreement.getHref('private')}>《隐私政策》</RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  )
}
