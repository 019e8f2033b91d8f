import { Badge, Button, Field, Group, Input, Stack, Text, Textarea } from '@chakra-ui/react'
import { type FormEvent, useState } from 'react'
import { useSearchParams } from 'react-router'
import { REISSUE_REASON_MAX } from '../../../schemas/api/competition.ts'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import {
  listCertificates,
  type ManageCompetition,
  reissueCertificate,
  type StaffCertificate,
} from '../../api/manage.ts'
import { filterParam, pageParam, useFilterNavigation } from '../../components/directory-filters.tsx'
import { Pager } from '../../components/pager.tsx'
import { RecordTable } from '../../components/record-table.tsx'
import { notify } from '../../lib/notify.ts'
import { paths } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { CompetitionChooser } from './competition-chooser.tsx'
import { ConsoleFrame, LoadState } from './console-frame.tsx'
import { StaffDialog } from './staff-dialog.tsx'

const PAGE_SIZE = 20
const ACCOUNT = /^[\w@.+-]{1,32}$/

/**
 * /manage/certificates?competitionId=…: the competition certificates issued so far (an entrant's is
 * issued when they first open it after results), and 重新签发 after a correction (README "Organisers
 * and judges"): the old number then verifies as superseded.
 */
export function Component() {
  return (
    <ConsoleFrame title="竞赛证书">
      {() => (
        <CompetitionChooser>
          {(c) => <Certificates key={c.competitionId} competition={c} />}
        </CompetitionChooser>
      )}
    </ConsoleFrame>
  )
}

function Certificates({ competition }: { competition: ManageCompetition }) {
  const [query] = useSearchParams()
  const page = pageParam(query)
  const account = filterParam(query, 'account', ACCOUNT)
  const [typed, setTyped] = useState(account)
  const [reissuing, setReissuing] = useState<StaffCertificate>()
  const competitionId = competition.competitionId
  const { setFilter, pageHref } = useFilterNavigation(paths.manageCertificates.path, {
    competitionId: String(competitionId),
    account,
  })
  const rows = useLoad(
    () =>
      listCertificates({ competitionId, account: account || undefined, pageNum: page, pageSize: PAGE_SIZE }),
    [competitionId, account, page],
  )
  const search = (e: FormEvent) => {
    e.preventDefault()
    setFilter({ account: typed.trim() })
  }
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        结果公布时为每份已确认提交的报名颁发编号（参赛者先查看的，查看时即颁发）。更正报名信息后可重新签发：新编号按现在的信息生成，原编号查验时显示已作废及现行编号。
      </Text>
      <form onSubmit={search} aria-label="按账号查找证书">
        <Group maxW="md" w="full">
          <Input
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="参赛者账号"
            aria-label="参赛者账号"
            maxLength={32}
            name="account"
          />
          <Button type="submit" variant="outline">
            查找
          </Button>
        </Group>
      </form>
      <LoadState loaded={rows} empty={{ text: '暂无已颁发的证书。', isEmpty: (t) => t.rows.length === 0 }}>
        {(table) => (
          <Stack gap="3">
            <RecordTable
              rows={table.rows}
              columns={[
                { header: '证书编号', inCard: false, nowrap: true, cell: (r) => r.number },
                { header: '获证人', cell: (r) => `${r.entrant}（${r.account}）` },
                { header: '奖项', cell: (r) => r.award ?? '参赛证书' },
                { header: '颁发时间', nowrap: true, cell: (r) => formatBeijing(Date.parse(r.issuedAt)) },
                { header: '状态', cell: (r) => <CertificateState row={r} /> },
                {
                  header: '操作',
                  cell: (r) =>
                    r.current ? (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="orange"
                        onClick={() => setReissuing(r)}
                        data-testid="certificate-reissue"
                        data-number={r.number}
                      >
                        重新签发
                      </Button>
                    ) : (
                      '—'
                    ),
                },
              ]}
              rowKey={(r) => r.number}
              testId="certificates-table"
              title={(r) => r.number}
            />
            <Pager page={page} pageSize={PAGE_SIZE} total={table.total} hrefOf={pageHref} />
          </Stack>
        )}
      </LoadState>
      {reissuing && (
        <ReissueDialog
          competitionId={competitionId}
          certificate={reissuing}
          onClose={() => setReissuing(undefined)}
          onDone={() => {
            setReissuing(undefined)
            rows.reload()
          }}
        />
      )}
    </Stack>
  )
}

function CertificateState({ row }: { row: StaffCertificate }) {
  if (row.current) return <Badge colorPalette="green">现行</Badge>
  return (
    <Stack gap="1" align={{ base: 'end', md: 'start' }}>
      <Badge colorPalette="gray">已作废</Badge>
      <Text fontSize="xs" color="fg.muted">
        {row.supersededBy ? `由 ${row.supersededBy} 取代` : ''}
        {row.supersededAt ? `，${formatBeijing(Date.parse(row.supersededAt))}` : ''}
        {row.reason ? `；原因：${row.reason}` : ''}
      </Text>
    </Stack>
  )
}

/** The reason of a re-issue: some text, at most REISSUE_REASON_MAX characters, as the server checks. */
function ReissueDialog({
  competitionId,
  certificate,
  onClose,
  onDone,
}: {
  competitionId: number
  certificate: StaffCertificate
  onClose(): void
  onDone(): void
}) {
  const [reason, setReason] = useState('')
  const text = reason.trim()
  const submit = async () => {
    const done = await reissueCertificate({
      competitionId,
      account: certificate.account,
      reason: text,
      number: certificate.number,
    })
    notify(`已重新签发，新编号 ${done.number}；原编号 ${done.previous} 查验时显示已作废`, 'success')
    onDone()
  }
  return (
    <StaffDialog
      title="重新签发证书"
      testId="certificate-reissue-dialog"
      confirmTestId="certificate-reissue-confirm"
      confirm="确认重新签发"
      palette="orange"
      disabled={!text}
      onConfirm={submit}
      onClose={onClose}
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          {certificate.entrant}（{certificate.account}）的证书 {certificate.number}{' '}
          将作废，按报名信息现状颁发新编号。
        </Text>
        <Field.Root required>
          <Field.Label>更正原因</Field.Label>
          <Textarea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={REISSUE_REASON_MAX}
            rows={3}
            placeholder="如：更正获证人姓名"
            name="reason"
          />
          <Field.HelperText>
            {text.length} / {REISSUE_REASON_MAX}
          </Field.HelperText>
        </Field.Root>
      </Stack>
    </StaffDialog>
  )
}
