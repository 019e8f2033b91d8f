import { Button, Group, Input } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'
import { useEffect, useState } from 'react'
import { WidgetField } from './widget-field.tsx'

const RESEND_SECONDS = 60

/** What a page hands the form (formContext) so the code widget can ask for a code. */
interface SmsCodeContext {
  /** Sends a code to the phone currently in the form; rejects when it could not. */
  sendCode(): Promise<void>
}

/** A verification-code input with a "get code" button that counts down before it can resend. */
function SmsCodeControl({
  id,
  value,
  onChange,
  onBlur,
  disabled,
  readonly,
  placeholder,
  registry,
}: WidgetProps) {
  const context = registry.formContext as Partial<SmsCodeContext> | undefined
  const [wait, setWait] = useState(0)
  const [sending, setSending] = useState(false)
  useEffect(() => {
    if (!wait) return
    const timer = window.setTimeout(() => setWait((s) => s - 1), 1000)
    return () => window.clearTimeout(timer)
  }, [wait])

  const send = async () => {
    if (!context?.sendCode) return
    setSending(true)
    try {
      await context.sendCode()
      setWait(RESEND_SECONDS)
    } catch {
      // The page or the API client has said why.
    } finally {
      setSending(false)
    }
  }

  return (
    <Group attached w="full">
      <Input
        id={id}
        inputMode="numeric"
        maxLength={6}
        placeholder={placeholder}
        value={value ?? ''}
        disabled={disabled}
        readOnly={readonly}
        onChange={(e) => onChange(e.target.value || undefined)}
        onBlur={() => onBlur(id, value)}
      />
      <Button
        variant="outline"
        minW="28"
        onClick={send}
        loading={sending}
        disabled={disabled || readonly || wait > 0}
      >
        {wait > 0 ? `${wait}秒后重发` : '获取验证码'}
      </Button>
    </Group>
  )
}

export function SmsCodeWidget(props: WidgetProps) {
  return (
    <WidgetField props={props}>
      <SmsCodeControl {...props} />
    </WidgetField>
  )
}
