import { Badge, Button, Field, Input, Stack, Text, Wrap } from '@chakra-ui/react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import {
  POST_STATUS,
  POST_STATUS_STAFF_LABEL,
  SHIPPING_RULES,
  shippingErrors,
} from '../../../schemas/api/competition.ts'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import {
  listCertificatePosts,
  type ManageCompetition,
  type PostStatus,
  type StaffCertificatePost,
  shipCertificate,
} from '../../api/manage.ts'
import { filterParam, useFilterNavigation } from '../../components/directory-filters.tsx'
import { RecordTable } from '../../components/record-table.tsx'
import { notify } from '../../lib/notify.ts'
import { paths } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { CompetitionChooser } from './competition-chooser.tsx'
import { ConsoleFrame, LoadState } from './console-frame.tsx'
import { StaffDialog } from './staff-dialog.tsx'

const STATUS_COLOR: Record<PostStatus, string> = { requested: 'gray', paid: 'orange', shipped: 'green' }
const when = (iso: string | null) => (iso ? formatBeijing(Date.parse(iso)) : '—')

/** The address snapshot as one line: recipient, phone, region and street. */
function addressLine(address: StaffCertificatePost['post']['address']): string {
  const a = address as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  const region = Array.isArray(a.cityNames) ? a.cityNames.filter((n) => typeof n === 'string').join('') : ''
  return [text(a.userName), text(a.phone), `${region}${text(a.address)}`].filter(Boolean).join('，')
}

/**
 * /manage/certificate-posts?competitionId=…: the requests for a paper certificate, by status, and
 * 标记已寄出 with carrier and tracking number (README "Organisers and judges"); the entrant is told
 * and sees it in 我的赛事.
 */
export function Component() {
  return (
    <ConsoleFrame title="证书邮寄">
      {() => (
        <CompetitionChooser>{(c) => <Posts key={c.competitionId} competition={c} />}</CompetitionChooser>
      )}
    </ConsoleFrame>
  )
}

function Posts({ competition }: { competition: ManageCompetition }) {
  const [query] = useSearchParams()
  const competitionId = competition.competitionId
  const status = filterParam(query, 'status', /^(requested|paid|shipped)$/) as PostStatus | ''
  const { setFilter } = useFilterNavigation(paths.manageCertificatePosts.path, {
    competitionId: String(competitionId),
    status,
  })
  const [shipping, setShipping] = useState<StaffCertificatePost>()
  const posts = useLoad(
    () => listCertificatePosts(competitionId, status || undefined),
    [competitionId, status],
  )
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        参赛者在“我的赛事”中申请邮寄纸质证书（需付邮费的付款后变为待寄送）。寄出后填写承运商和运单号，参赛者会收到短信或邮件通知。
      </Text>
      <Wrap gap="2" data-testid="post-status-filter" role="group" aria-label="按状态筛选">
        {(['', ...POST_STATUS] as const).map((s) => (
          <Button
            key={s || 'all'}
            size="sm"
            variant={status === s ? 'solid' : 'outline'}
            aria-pressed={status === s}
            onClick={() => setFilter({ status: s })}
          >
            {s ? POST_STATUS_STAFF_LABEL[s] : '全部'}
          </Button>
        ))}
      </Wrap>
      <LoadState loaded={posts} empty={{ text: '暂无邮寄申请。', isEmpty: (list) => list.length === 0 }}>
        {(list) => (
          <RecordTable
            rows={list}
            columns={[
              { header: '申请人', inCard: false, cell: (r) => `${r.entrant}（${r.account}）` },
              { header: '证书编号', nowrap: true, cell: (r) => r.certificateNumber ?? '—' },
              { header: '收件地址', cell: (r) => addressLine(r.post.address) },
              { header: '申请时间', nowrap: true, cell: (r) => when(r.post.createTime) },
              {
                header: '状态',
                cell: (r) => (
                  <Badge colorPalette={STATUS_COLOR[r.post.status]} data-testid="post-status">
                    {POST_STATUS_STAFF_LABEL[r.post.status]}
                  </Badge>
                ),
              },
              {
                header: '运单',
                cell: (r) =>
                  r.post.trackingNumber ? (
                    <Text as="span" data-testid="post-tracking">
                      {r.post.carrier} {r.post.trackingNumber}
                      <Text as="span" display="block" fontSize="xs" color="fg.muted">
                        {when(r.post.shippedAt)}
                      </Text>
                    </Text>
                  ) : (
                    '—'
                  ),
              },
              {
                header: '操作',
                cell: (r) =>
                  r.post.status === 'requested' ? (
                    <Text as="span" fontSize="xs" color="fg.muted">
                      待参赛者付邮费
                    </Text>
                  ) : (
                    <Button
                      size="xs"
                      variant={r.post.status === 'paid' ? 'solid' : 'outline'}
                      colorPalette="brand"
                      onClick={() => setShipping(r)}
                      data-testid="post-ship"
                      data-account={r.account}
                    >
                      {r.post.status === 'paid' ? '标记已寄出' : '更正运单'}
                    </Button>
                  ),
              },
            ]}
            rowKey={(r) => r.id}
            testId="posts-table"
            title={(r) => `${r.entrant}（${r.account}）`}
          />
        )}
      </LoadState>
      {shipping && (
        <ShipDialog
          competitionId={competitionId}
          post={shipping}
          onClose={() => setShipping(undefined)}
          onDone={() => {
            setShipping(undefined)
            posts.reload()
          }}
        />
      )}
    </Stack>
  )
}

/** Carrier and tracking number, checked by the rules the server applies (SHIPPING_RULES). */
function ShipDialog({
  competitionId,
  post,
  onClose,
  onDone,
}: {
  competitionId: number
  post: StaffCertificatePost
  onClose(): void
  onDone(): void
}) {
  const [carrier, setCarrier] = useState(post.post.carrier ?? '')
  const [trackingNumber, setTrackingNumber] = useState(post.post.trackingNumber ?? '')
  const [tried, setTried] = useState(false)
  const errors = shippingErrors({ carrier, trackingNumber })
  const submit = async () => {
    setTried(true)
    if (errors.carrier || errors.trackingNumber) return
    await shipCertificate({ competitionId, account: post.account, carrier: carrier.trim(), trackingNumber })
    notify('已标记寄出，并已通知参赛者', 'success')
    onDone()
  }
  return (
    <StaffDialog
      title={post.post.status === 'shipped' ? '更正运单' : '标记已寄出'}
      testId="post-ship-dialog"
      confirmTestId="post-ship-confirm"
      confirm="确认寄出"
      onConfirm={submit}
      onClose={onClose}
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          寄给：{addressLine(post.post.address)}
        </Text>
        <Field.Root required invalid={tried && !!errors.carrier}>
          <Field.Label>承运商</Field.Label>
          <Input
            value={carrier}
            onChange={(e) => setCarrier(e.target.value)}
            maxLength={SHIPPING_RULES.carrierMax}
            placeholder="如：顺丰速运"
            name="carrier"
          />
          <Field.ErrorText>{errors.carrier}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={tried && !!errors.trackingNumber}>
          <Field.Label>运单号</Field.Label>
          <Input
            value={trackingNumber}
            onChange={(e) => setTrackingNumber(e.target.value.trim())}
            maxLength={40}
            placeholder="6–40 位字母、数字或 -"
            name="trackingNumber"
            inputMode="text"
            autoComplete="off"
          />
          <Field.ErrorText data-testid="post-tracking-error">{errors.trackingNumber}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </StaffDialog>
  )
}
