import { Checkbox, Link } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'
import { type AgreementKey, paths, toAddress } from '../../lib/paths.ts'

const AGREEMENTS: readonly AgreementKey[] = ['user', 'private', 'disclaimer']

/** The agreement tick box; unticked, the form says 请勾选咖簿网协议 (SPEC §5). */
export function AgreementCheckbox({
  id,
  value,
  onChange,
  onBlur,
  disabled,
  readonly,
  options,
  rawErrors,
  registry,
}: WidgetProps) {
  // uiSchema names the agreement (ui:options.agreement); the link opens a new tab, outside the router,
  // so it needs the full address under the staging prefix.
  const key = AGREEMENTS.find((k) => k === options.agreement) ?? 'user'
  // `ui:options.linkFrom` names a formContext entry holding the address instead (a competition's own
  // rules page); without one the words stay, unlinked.
  const fromContext =
    typeof options.linkFrom === 'string'
      ? (registry.formContext as Record<string, unknown> | undefined)?.[options.linkFrom]
      : undefined
  const href =
    typeof options.linkFrom !== 'string'
      ? toAddress(paths.agreement.getHref(key))
      : typeof fromContext === 'string' && /^(?:\/(?!\/)|https:\/\/)/.test(fromContext)
        ? fromContext
        : undefined
  const text = String(options.text ?? '我已阅读并同意')
  const linkText = String(options.linkText ?? '《咖簿网用户协议》')
  return (
    <Checkbox.Root
      // The field id goes to the real input, so RJSF's focus and the label both reach it.
      ids={{ hiddenInput: id }}
      invalid={!!rawErrors?.length}
      checked={value === true}
      disabled={disabled || readonly}
      onCheckedChange={(e) => onChange(e.checked === true ? true : undefined)}
      onBlur={() => onBlur(id, value)}
      colorPalette="brand"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label fontWeight="normal">
        {text}
        {href ? (
          <Link
            href={href}
            target="_blank"
            rel="noopener"
            color="brand.600"
            onClick={(e) => e.stopPropagation()}
          >
            {linkText}
          </Link>
        ) : (
          linkText
        )}
      </Checkbox.Label>
    </Checkbox.Root>
  )
}
