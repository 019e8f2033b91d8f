import { useState } from 'react'
import type { SignupProps } from '../../../../../definitions/landing/sections/signup.ts'
import type { LandingSignupForm } from '../../../../../schemas/forms/index.ts'
import { submitSignup } from '../../../../api/landing.ts'
import { SchemaForm } from '../../../../forms/schema-form.tsx'
import { notify } from '../../../../lib/notify.ts'
import { usePageSlug } from '../../slug-context.ts'
import { SuccessPanel } from './success-panel.tsx'

/**
 * The form the page names (any registry form marked landingSignup) until the server accepts it, then
 * the success panel; a refused sign-up keeps what was typed.
 */
export function SignupForm({
  form,
  submitLabel,
  successTitle,
  successText,
}: Pick<SignupProps, 'submitLabel' | 'successTitle' | 'successText'> & { form: LandingSignupForm }) {
  const slug = usePageSlug()
  const [submitting, setSubmitting] = useState(false)
  const [done, setDone] = useState(false)

  async function submit(data: Record<string, unknown>) {
    setSubmitting(true)
    try {
      await submitSignup(slug, data)
      setDone(true)
      notify(successTitle, 'success')
    } catch {
      // The API client has already shown the server's message; the visitor corrects and retries.
      setSubmitting(false)
    }
  }

  if (done) return <SuccessPanel title={successTitle} text={successText} />
  return <SchemaForm name={form} submitLabel={submitLabel} submitting={submitting} onSubmit={submit} />
}
