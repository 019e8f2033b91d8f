/**
 * Online payment (SPEC §4): the provider's form from POST /my/approve/3 replaces the page and is
 * submitted. The form is inserted rather than written with document.write, and submitted by this code
 * rather than by a script inside it, which the Content-Security-Policy would refuse to run.
 */
export function submitProviderForm(html: string, doc: Document = document): void {
  const holder = doc.createElement('div')
  holder.hidden = true
  holder.innerHTML = html
  const form = holder.querySelector('form')
  if (!form) throw new Error('支付服务商未返回支付表单')
  doc.body.replaceChildren(holder)
  form.submit()
}
