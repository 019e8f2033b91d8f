import {
  Badge,
  Button,
  Card,
  DataList,
  HStack,
  Link,
  NativeSelect,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import {
  type CertificatePost,
  type CompetitionCertificate,
  POST_STATUS_LABEL,
} from '../../../schemas/api/competition.ts'
import type { ApproveResult } from '../../../schemas/api/payment.ts'
import { formatBeijing, formatBeijingDate } from '../../../schemas/beijing-time.ts'
import { formatYuan } from '../../../schemas/payment.ts'
import { listAddresses } from '../../api/address.ts'
import {
  certificatePdfUrl,
  getCompetitionCertificate,
  listCertificatePosts,
  listMyCompetitions,
  postCertificate,
  postCertificateFree,
} from '../../api/competition.ts'
import { getUserMoney } from '../../api/payment.ts'
import { PayPanel } from '../../components/payment/pay-panel.tsx'
import { notify } from '../../lib/notify.ts'
import { mineTab, paths } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { TabFrame } from './tab-frame.tsx'

/**
 * The certificates of the user's finalised entries, once results are out (竞赛证书), each with its
 * PDF, its public check and the posting of the paper copy (README "Competition certificates").
 */
export function CompetitionCertificates() {
  const loaded = useLoad(listMyCompetitions, [])
  return (
    <TabFrame loaded={loaded}>
      {(list) => {
        const withCertificate = list.filter((c) => c.certificate)
        return withCertificate.length ? (
          <Stack gap="4" data-testid="competition-certificates">
            {withCertificate.map((c) => (
              <CertificateCard key={c.competitionId} competitionId={c.competitionId} />
            ))}
          </Stack>
        ) : (
          <Text color="fg.muted" data-testid="competition-certificates-empty">
            暂无竞赛证书。确认提交参赛作品的赛事在结果公布后会在这里出具参赛证书；
            {list.length ? '参赛进度见“我的赛事”。' : ''}
          </Text>
        )
      }}
    </TabFrame>
  )
}

const STATUS_COLOR = { requested: 'orange', paid: 'blue', shipped: 'green' } as const

export function CertificateCard({ competitionId }: { competitionId: number }) {
  const loaded = useLoad(() => getCompetitionCertificate(competitionId), [competitionId])
  return (
    <TabFrame loaded={loaded}>
      {(cert) => (
        <Card.Root data-testid="competition-certificate" borderColor="brand.200">
          <Card.Header>
            <Card.Title as="h3">
              {cert.competitionTitle} · {cert.award ? '获奖证书' : '参赛证书'}
            </Card.Title>
          </Card.Header>
          <Card.Body gap="4">
            <DataList.Root orientation="horizontal" size="sm">
              <Row label="证书编号" mono testId="certificate-number">
                {cert.number}
              </Row>
              <Row label="获证人">{cert.name}</Row>
              {cert.coAuthors.length > 0 && <Row label="合作作者">{cert.coAuthors.join('、')}</Row>}
              {cert.advisers.length > 0 && <Row label="指导老师">{cert.advisers.join('、')}</Row>}
              <Row label="参赛作品">{cert.works.map((w) => `《${w}》`).join('、') || '—'}</Row>
              <Row label="奖项">{cert.award ?? '参赛'}</Row>
              <Row label="颁发日期">{formatBeijingDate(cert.issuedAt)}</Row>
            </DataList.Root>
            <Wrap gap="2">
              <Button asChild size="sm" colorPalette="brand">
                <a href={certificatePdfUrl(competitionId)} download data-testid="certificate-pdf">
                  下载证书（PDF）
                </a>
              </Button>
              <Button asChild size="sm" variant="outline">
                <RouterLink to={paths.certVerify.getHref(cert.number)} data-testid="certificate-verify">
                  查验证书
                </RouterLink>
              </Button>
            </Wrap>
            <Posting cert={cert} />
          </Card.Body>
        </Card.Root>
      )}
    </TabFrame>
  )
}

function Row({
  label,
  mono,
  testId,
  children,
}: {
  label: string
  mono?: boolean
  testId?: string
  children: React.ReactNode
}) {
  return (
    <DataList.Item>
      <DataList.ItemLabel flexShrink={0}>{label}</DataList.ItemLabel>
      <DataList.ItemValue
        fontFamily={mono ? 'mono' : undefined}
        data-testid={testId}
        minW="0"
        wordBreak="break-word"
      >
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  )
}

/** The paper copy: its state, the address it goes to (until shipped), and the postage where due. */
function Posting({ cert }: { cert: CompetitionCertificate }) {
  const posts = useLoad(() => listCertificatePosts(cert.competitionId), [cert.competitionId])
  const post = posts.data?.[0]
  return (
    <Stack gap="2" borderTopWidth="1px" pt="3" data-testid="certificate-post">
      <HStack gap="2" wrap="wrap">
        <Text fontSize="sm" fontWeight="semibold">
          邮寄纸质证书
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {cert.freePostage ? '本赛事免费邮寄' : `邮费 ¥${formatYuan(cert.postageFen)}`}
        </Text>
        {post && (
          <Badge colorPalette={STATUS_COLOR[post.status]} data-testid="certificate-post-status">
            {POST_STATUS_LABEL[post.status]}
          </Badge>
        )}
      </HStack>
      {post && <PostFacts post={post} />}
      {post?.status !== 'shipped' && <AddressChoice cert={cert} post={post} onDone={posts.reload} />}
    </Stack>
  )
}

function PostFacts({ post }: { post: CertificatePost }) {
  const a = post.address as { userName?: string; phone?: string; cityNames?: string[]; address?: string }
  return (
    <Stack gap="1" fontSize="sm">
      <Text>
        寄往：{a.userName} {(a.cityNames ?? []).join('')}
        {a.address}
      </Text>
      {post.status === 'shipped' && (
        <Text data-testid="certificate-post-tracking">
          {post.carrier} · 运单号{' '}
          <Text as="span" fontFamily="mono">
            {post.trackingNumber}
          </Text>
          {post.shippedAt ? ` · ${formatBeijing(new Date(post.shippedAt))}寄出` : ''}
        </Text>
      )}
    </Stack>
  )
}

/** Choosing (or changing) the address, and paying the postage when it is due. */
function AddressChoice({
  cert,
  post,
  onDone,
}: {
  cert: CompetitionCertificate
  post: CertificatePost | undefined
  onDone(): void
}) {
  const addresses = useLoad(listAddresses, [])
  const [chosen, setChosen] = useState<number>()
  const [busy, setBusy] = useState(false)
  const [paying, setPaying] = useState(false)
  const list = addresses.data ?? []
  if (addresses.data && !list.length)
    return (
      <Text fontSize="sm" color="fg.muted">
        申请邮寄纸质证书前，请先在
        <Link asChild color="brand.600">
          <RouterLink to={mineTab('Address')}>收货地址</RouterLink>
        </Link>
        中添加地址。
      </Text>
    )
  const addressId = chosen ?? list.find((a) => a.isDefault)?.id ?? list[0]?.id
  async function request() {
    if (!addressId) return
    setBusy(true)
    try {
      if (cert.freePostage) await postCertificateFree(cert.competitionId, addressId)
      else await postCertificate(cert.competitionId, addressId)
      notify(post ? '已更改邮寄地址' : '已提交邮寄申请', 'success')
      onDone()
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap">
        <NativeSelect.Root size="sm" flex="1" minW="0">
          <NativeSelect.Field
            aria-label="邮寄地址"
            value={addressId ?? ''}
            onChange={(e) => setChosen(Number(e.currentTarget.value))}
          >
            {list.map((a) => (
              <option key={a.id} value={a.id}>
                {a.userName} {a.cityNames.join('')}
                {a.address}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button
          size="sm"
          variant={post ? 'outline' : 'solid'}
          colorPalette="brand"
          loading={busy}
          disabled={!addressId}
          onClick={request}
          data-testid="certificate-post-request"
        >
          {post ? '改寄此地址' : '申请邮寄'}
        </Button>
        {post?.status === 'requested' && addressId && !paying && (
          <Button
            size="sm"
            colorPalette="brand"
            onClick={() => setPaying(true)}
            data-testid="certificate-postage-pay"
          >
            支付邮费 ¥{post.postage}
          </Button>
        )}
      </HStack>
      {paying && post?.status === 'requested' && addressId && (
        <Postage cert={cert} addressId={addressId} onPaid={onDone} />
      )}
    </Stack>
  )
}

function Postage({
  cert,
  addressId,
  onPaid,
}: {
  cert: CompetitionCertificate
  addressId: number
  onPaid(): void
}) {
  const money = useLoad(getUserMoney, [])
  return (
    <TabFrame loaded={money}>
      {(m) => (
        <PayPanel
          amountFen={cert.postageFen}
          balanceFen={m.moneyFen}
          approve={async (method) =>
            (await postCertificate(cert.competitionId, addressId, method)).payment as ApproveResult
          }
          onPaid={() => {
            notify('邮费已支付，证书将尽快寄出', 'success')
            onPaid()
          }}
        />
      )}
    </TabFrame>
  )
}
