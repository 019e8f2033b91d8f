/**
 * Clipboard.Root's `translations`: Zag names the copy button "Copy to clipboard" in English, and that
 * name replaces the button's visible words. This one says what the button shows (WCAG 2.5.3 Label in
 * Name), and 已复制 once copied, as its Clipboard.Indicator does.
 */
export const copyLabels = (label: string) => ({
  triggerLabel: (copied: boolean) => (copied ? '已复制' : label),
})
