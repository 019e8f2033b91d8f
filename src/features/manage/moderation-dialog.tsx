import { Field, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { moderateEntry } from '../../api/manage.ts'
import { notify } from '../../lib/notify.ts'
import { StaffDialog } from './staff-dialog.tsx'

const COPY = {
  return: {
    title: '退回修改',
    intro: '退回后参赛者可修改并重新确认提交；原因会显示在参赛者的“我的赛事”中，并以短信或邮件通知。',
    confirm: '确认退回',
    palette: 'orange',
  },
  disqualify: {
    title: '取消参赛资格',
    intro: '取消后参赛者不能再确认提交；原因会显示在参赛者的“我的赛事”中，并以短信或邮件通知。',
    confirm: '确认取消资格',
    palette: 'red',
  },
  reinstate: {
    title: '恢复参赛资格',
    intro: '恢复后作品回到原来的评审分配和评分，并重新参加排名和获奖；说明会以短信或邮件通知参赛者。',
    confirm: '确认恢复',
    palette: 'green',
  },
} as const
const DONE = {
  return: '已退回参赛者修改',
  disqualify: '已取消参赛资格',
  reinstate: '已恢复参赛资格',
} as const

/** The reason dialog of a moderation: 2–200 characters, as the server checks. */
export function ModerationDialog({
  action,
  competitionId,
  entryId,
  onClose,
  onDone,
}: {
  action: keyof typeof COPY
  competitionId: number
  entryId: number
  onClose(): void
  onDone(): void
}) {
  const copy = COPY[action]
  const [reason, setReason] = useState('')
  const text = reason.trim()
  const invalid = text.length > 0 && (text.length < 2 || text.length > 200)
  const submit = async () => {
    await moderateEntry(action, { competitionId, entryId, reason: text })
    notify(DONE[action], 'success')
    onDone()
  }
  return (
    <StaffDialog
      title={copy.title}
      testId="moderation-dialog"
      confirmTestId="moderation-confirm"
      confirm={copy.confirm}
      palette={copy.palette}
      disabled={text.length < 2 || text.length > 200}
      onConfirm={submit}
      onClose={onClose}
    >
      <Text fontSize="sm" color="fg.muted" mb="3">
        {copy.intro}
      </Text>
      <Field.Root invalid={invalid} required>
        <Field.Label>{action === 'reinstate' ? '说明' : '原因'}</Field.Label>
        <Textarea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={200}
          rows={4}
          placeholder={
            action === 'reinstate'
              ? '请写明恢复资格的理由（2–200 字）'
              : '请写明需要修改或取消的原因（2–200 字）'
          }
          name="reason"
        />
        <Field.ErrorText>{action === 'reinstate' ? '说明' : '原因'}须为 2–200 字</Field.ErrorText>
        <Field.HelperText>{text.length} / 200</Field.HelperText>
      </Field.Root>
    </StaffDialog>
  )
}
