import { Button, Field, Heading, HStack, Input, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react'
import { type FormEvent, useState } from 'react'
import { useSearchParams } from 'react-router'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import {
  changeRole,
  listAudit,
  listManageCompetitions,
  listStaffRoles,
  type StaffMe,
  type StaffRole,
  type StaffRoleRow,
  setJudgeRounds,
} from '../../api/manage.ts'
import { pageParam, useFilterNavigation } from '../../components/directory-filters.tsx'
import { Pager } from '../../components/pager.tsx'
import { RecordTable } from '../../components/record-table.tsx'
import { notify } from '../../lib/notify.ts'
import { paths } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { ConsoleFrame, LoadState } from './console-frame.tsx'
import { StaffDialog } from './staff-dialog.tsx'
import { type RoundChoice, RoundPicker, seatsText, useCompetitionRounds } from './staff-rounds.tsx'

const PAGE_SIZE = 20
const ROLE_LABELS: Record<StaffRole, string> = { admin: '管理员', organiser: '组织者', judge: '评委' }
const ACTION_LABELS: Record<string, string> = {
  'role.grant': '授予角色',
  'role.revoke': '撤销角色',
  'role.rounds': '调整评审轮次',
  'entry.return': '退回修改',
  'entry.disqualify': '取消资格',
  'entry.resubmit': '参赛者重新提交',
  'judging.assign': '分配评审',
  'judging.conflict': '评委声明回避',
  'judging.sheet.save': '保存评分',
  'judging.sheet.submit': '提交评分',
  'certificate.reissue': '重新签发证书',
  'certificate.ship': '证书已寄出',
  'export.entries': '导出报名表',
  'export.works': '导出作品文件',
}
/** What an audit entry is about (its target type), as the 对象 column names it. */
const TARGET_LABELS: Record<string, string> = {
  entry: '报名',
  user: '账号',
  work: '作品',
  round: '评审轮次',
  certificate: '证书',
  certificate_post: '邮寄申请',
  competition: '赛事',
}

/**
 * One line of the staff list: a role, and for a judge every seat they hold in the competition (one row
 * per round seat in staff_roles) — `rounds` null for every round.
 */
type StaffLine = StaffRoleRow & { rounds: Array<{ id: string; title: string }> | null }

function staffLines(rows: StaffRoleRow[]): StaffLine[] {
  const out: StaffLine[] = []
  const judges = new Map<string, StaffLine>()
  for (const r of rows) {
    if (r.role !== 'judge') {
      out.push({ ...r, rounds: null })
      continue
    }
    const key = `${r.userId}-${r.competitionId}`
    const seat = r.roundId === null ? null : { id: r.roundId, title: r.roundTitle ?? r.roundId }
    const line = judges.get(key)
    if (!line) {
      const next = { ...r, rounds: seat && [seat] }
      judges.set(key, next)
      out.push(next)
    } else if (line.rounds && seat) line.rounds.push(seat)
    else line.rounds = null
  }
  return out
}

/**
 * /manage/staff: who holds which role, granting and revoking (an admin any role; an organiser the
 * judges of their competition), and the audit trail (an admin all of it, an organiser their
 * competitions').
 */
export function Component() {
  return <ConsoleFrame title="角色与审计">{(me) => <Staff me={me} />}</ConsoleFrame>
}

function Staff({ me }: { me: StaffMe }) {
  const roles = useLoad(listStaffRoles, [])
  const [query] = useSearchParams()
  const page = pageParam(query)
  const { pageHref } = useFilterNavigation(paths.manageStaff.path, {})
  const [round, setRound] = useState(0)
  const audit = useLoad(() => listAudit({ pageNum: page, pageSize: PAGE_SIZE }), [page, round])
  const changed = () => {
    roles.reload()
    setRound((r) => r + 1)
  }
  const [editing, setEditing] = useState<StaffLine>()
  const revoke = async (r: StaffLine) => {
    try {
      // A judge is revoked from every round seat at once (their unsubmitted entries are released).
      if (r.role === 'judge' && r.competitionId !== null)
        await setJudgeRounds({ account: r.account, competitionId: r.competitionId, roundIds: [] })
      else
        await changeRole('revoke', {
          account: r.account,
          role: r.role,
          competitionId: r.competitionId ?? undefined,
        })
      notify('已撤销', 'success')
      changed()
    } catch {
      // The API client has shown the server's message.
    }
  }
  return (
    <Stack gap="6">
      <GrantForm admin={me.admin} onDone={changed} />
      <Stack gap="3">
        <Heading as="h2" size="md">
          工作人员
        </Heading>
        <LoadState loaded={roles} empty={{ text: '暂无工作人员角色。', isEmpty: (l) => l.length === 0 }}>
          {(list) => (
            <RecordTable
              rows={staffLines(list)}
              rowKey={(r) => `${r.userId}-${r.role}-${r.competitionId}`}
              testId="staff-roles"
              title={(r) => `${r.username}（${r.account}）`}
              columns={[
                { header: '账号', cell: (r) => `${r.username}（${r.account}）`, inCard: false },
                { header: '角色', cell: (r) => ROLE_LABELS[r.role] },
                { header: '赛事', cell: (r) => r.competitionTitle ?? '全站' },
                {
                  header: '评审轮次',
                  cell: (r) =>
                    r.role === 'judge' ? (
                      <Text as="span" data-testid="staff-rounds">
                        {seatsText(r.rounds?.map((x) => x.title) ?? null)}
                      </Text>
                    ) : (
                      '—'
                    ),
                },
                { header: '授予人', cell: (r) => r.grantedBy ?? '命令行 / 演示数据' },
                { header: '授予时间', nowrap: true, cell: (r) => formatBeijing(Date.parse(r.grantedAt)) },
                {
                  header: '操作',
                  cell: (r) =>
                    me.admin || r.role === 'judge' ? (
                      <HStack gap="2" wrap="wrap">
                        {r.role === 'judge' && (
                          <Button
                            size="xs"
                            variant="outline"
                            onClick={() => setEditing(r)}
                            data-testid="staff-edit-rounds"
                          >
                            调整轮次
                          </Button>
                        )}
                        <Button size="xs" variant="outline" colorPalette="red" onClick={() => revoke(r)}>
                          撤销
                        </Button>
                      </HStack>
                    ) : (
                      <Text color="fg.muted">—</Text>
                    ),
                },
              ]}
            />
          )}
        </LoadState>
        {editing && (
          <RoundsDialog
            line={editing}
            onClose={() => setEditing(undefined)}
            onDone={() => {
              setEditing(undefined)
              changed()
            }}
          />
        )}
      </Stack>
      <Stack gap="3">
        <Heading as="h2" size="md">
          审计日志
        </Heading>
        <LoadState loaded={audit} empty={{ text: '暂无记录。', isEmpty: (t) => t.rows.length === 0 }}>
          {(table) => (
            <Stack gap="3">
              <RecordTable
                rows={table.rows}
                rowKey={(r) => r.id}
                testId="audit-log"
                title={(r) => `${formatBeijing(Date.parse(r.at))} · ${ACTION_LABELS[r.action] ?? r.action}`}
                columns={[
                  {
                    header: '时间',
                    nowrap: true,
                    cell: (r) => formatBeijing(Date.parse(r.at)),
                    inCard: false,
                  },
                  { header: '操作', cell: (r) => ACTION_LABELS[r.action] ?? r.action, inCard: false },
                  {
                    header: '操作人',
                    cell: (r) => (r.actor ? `${r.actor.username}（${r.actor.account}）` : '命令行 / 系统'),
                  },
                  {
                    header: '对象',
                    cell: (r) => `${TARGET_LABELS[r.targetType] ?? r.targetType} #${r.targetId}`,
                  },
                  { header: '赛事', cell: (r) => (r.competitionId ? String(r.competitionId) : '—') },
                  { header: '内容', cell: (r) => <Text overflowWrap="anywhere">{describe(r.detail)}</Text> },
                ]}
              />
              <Pager page={page} pageSize={PAGE_SIZE} total={table.total} hrefOf={pageHref} />
            </Stack>
          )}
        </LoadState>
      </Stack>
    </Stack>
  )
}

/** An audit entry's change in a line: the role or the reason it is about. */
function describe(detail: Record<string, unknown>): string {
  const after = detail.after as Record<string, unknown> | null | undefined
  const before = detail.before as Record<string, unknown> | null | undefined
  const side = after ?? before
  if (typeof detail.reason === 'string') return `原因：${detail.reason}`
  if (side && typeof side.reason === 'string') return `原因：${side.reason}`
  if (side && typeof side.trackingNumber === 'string') return `${side.carrier ?? ''} ${side.trackingNumber}`
  if (typeof detail.added === 'number')
    return `新分配 ${detail.added} 份 · 作品 ${detail.entries} 件 · 评委 ${detail.judges} 位`
  if (detail.after !== undefined && side && 'rounds' in side) {
    const seats = (v: Record<string, unknown> | null | undefined) =>
      v ? seatsText((v.titles as string[] | null | undefined) ?? (v.rounds as string[] | null) ?? null) : '无'
    const released = (detail.released as Array<{ workIds: number[] }> | undefined) ?? []
    const count = released.reduce((n, r) => n + r.workIds.length, 0)
    return `评委轮次：${seats(before)} → ${seats(after)}${count ? ` · 收回未提交评审 ${count} 份` : ''}`
  }
  if (side && typeof side.role === 'string')
    return `${ROLE_LABELS[side.role as StaffRole] ?? side.role}${side.competitionId ? ` · 赛事 ${side.competitionId}` : ''}${side.roundId ? ` · 轮次 ${side.roundId}` : ''}`
  return ''
}

/** 调整轮次: the judge's seats in the competition become exactly those picked. */
function RoundsDialog({ line, onClose, onDone }: { line: StaffLine; onClose(): void; onDone(): void }) {
  const rounds = useCompetitionRounds(line.competitionId ?? undefined)
  const [choice, setChoice] = useState<RoundChoice>(line.rounds?.map((r) => r.id) ?? null)
  const confirm = async () => {
    const done = await setJudgeRounds({
      account: line.account,
      competitionId: line.competitionId!,
      roundIds: choice,
    })
    const released = done.released.reduce((n, r) => n + r.workIds.length, 0)
    notify(
      !done.changed
        ? '评审轮次没有变化'
        : released
          ? `已保存评审轮次，收回未提交的评审 ${released} 份，请再次“分配评审”`
          : '已保存评审轮次',
      done.changed ? 'success' : 'info',
    )
    onDone()
  }
  return (
    <StaffDialog
      title={`调整评审轮次：${line.username}`}
      testId="staff-rounds-dialog"
      confirm="保存"
      disabled={!rounds || (choice !== null && !choice.length)}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {line.competitionTitle}
          。评委失去某轮的席位后不能再打开该轮作品；其未提交的评审被收回，由下次“分配评审”交给该轮其他评委，已提交的评分保留。
        </Text>
        <RoundPicker rounds={rounds} value={choice} onChange={setChoice} />
      </Stack>
    </StaffDialog>
  )
}

function GrantForm({ admin, onDone }: { admin: boolean; onDone(): void }) {
  const competitions = useLoad(() => listManageCompetitions(), [])
  const [account, setAccount] = useState('')
  const [role, setRole] = useState<StaffRole>(admin ? 'organiser' : 'judge')
  const [competitionId, setCompetitionId] = useState('')
  const [busy, setBusy] = useState(false)
  const [seats, setSeats] = useState<RoundChoice>(null)
  const needsCompetition = role !== 'admin'
  const judgeRounds = useCompetitionRounds(
    role === 'judge' && competitionId ? Number(competitionId) : undefined,
  )
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    try {
      // A judge's rounds are added to those they hold (every round stays every round).
      const changed =
        role === 'judge'
          ? (
              await setJudgeRounds({
                account: account.trim(),
                competitionId: Number(competitionId),
                roundIds: seats,
                add: true,
              })
            ).changed
          : (
              await changeRole('grant', {
                account: account.trim(),
                role,
                competitionId: needsCompetition ? Number(competitionId) : undefined,
              })
            ).changed
      notify(changed ? '已授予' : '该账号已有这个角色', changed ? 'success' : 'info')
      setAccount('')
      onDone()
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }
  const roles: StaffRole[] = admin ? ['admin', 'organiser', 'judge'] : ['judge']
  return (
    <Stack as="form" onSubmit={submit} gap="3" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }}>
      <Heading as="h2" size="md">
        授予角色
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {admin ? '管理员可授予任意角色。' : '组织者可为本人组织的赛事授予或撤销评委。'}
      </Text>
      <Wrap gap="3" align="flex-end">
        <Field.Root required w={{ base: 'full', md: '56' }}>
          <Field.Label>账号</Field.Label>
          <Input
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            placeholder="手机号或邮箱"
            name="account"
            maxLength={64}
          />
        </Field.Root>
        <Field.Root w={{ base: 'full', md: '36' }}>
          <Field.Label>角色</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="role"
              value={role}
              onChange={(e) => setRole(e.target.value as StaffRole)}
            >
              {roles.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {needsCompetition && (
          <Field.Root required w={{ base: 'full', md: '72' }}>
            <Field.Label>赛事</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="competitionId"
                value={competitionId}
                onChange={(e) => {
                  setCompetitionId(e.target.value)
                  setSeats(null)
                }}
              >
                <option value="">请选择赛事</option>
                {(competitions.data ?? []).map((c) => (
                  <option key={c.competitionId} value={c.competitionId}>
                    {c.title}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        {role === 'judge' && competitionId && (
          <RoundPicker rounds={judgeRounds} value={seats} onChange={setSeats} />
        )}
        <HStack>
          <Button
            type="submit"
            colorPalette="brand"
            loading={busy}
            disabled={
              !account.trim() ||
              (needsCompetition && !competitionId) ||
              (role === 'judge' && seats !== null && !seats.length)
            }
          >
            授予
          </Button>
        </HStack>
      </Wrap>
    </Stack>
  )
}
