import { Button, Card, DataList, HStack, Link, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { formatBeijingDate } from '../../../schemas/beijing-time.ts'
import { listAddresses } from '../../api/address.ts'
import { getCompetitionCertificate, listMyCompetitions, postCertificate } from '../../api/competition.ts'
import { notify } from '../../lib/notify.ts'
import { mineTab } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { TabFrame } from './tab-frame.tsx'

/**
 * The participation certificates of the user's finalised entries, once results are out (竞赛证书), each
 * with a request to post the paper certificate to one of the user's addresses.
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

export function CertificateCard({ competitionId }: { competitionId: number }) {
  const loaded = useLoad(() => getCompetitionCertificate(competitionId), [competitionId])
  return (
    <TabFrame loaded={loaded}>
      {(cert) => (
        <Card.Root data-testid="competition-certificate" borderColor="brand.200">
          <Card.Header>
            <Card.Title as="h3">{cert.competitionTitle} · 参赛证书</Card.Title>
          </Card.Header>
          <Card.Body gap="4">
            <DataList.Root orientation="horizontal" size="sm">
              <DataList.Item>
                <DataList.ItemLabel>证书编号</DataList.ItemLabel>
                <DataList.ItemValue fontFamily="mono">{cert.number}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>获证人</DataList.ItemLabel>
                <DataList.ItemValue>{cert.name}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>参赛作品</DataList.ItemLabel>
                <DataList.ItemValue>{cert.works.map((w) => `《${w}》`).join('、')}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>颁发日期</DataList.ItemLabel>
                <DataList.ItemValue>{formatBeijingDate(cert.issuedAt)}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
            <PostRequest competitionId={competitionId} />
          </Card.Body>
        </Card.Root>
      )}
    </TabFrame>
  )
}

/** Asks for the paper certificate to be posted to one of the user's addresses. */
function PostRequest({ competitionId }: { competitionId: number }) {
  const addresses = useLoad(listAddresses, [])
  const [chosen, setChosen] = useState<number>()
  const [busy, setBusy] = useState(false)
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
      await postCertificate(competitionId, addressId)
      notify('已提交邮寄申请', 'success')
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Stack gap="2">
      <Text fontSize="sm" fontWeight="semibold">
        邮寄纸质证书
      </Text>
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
        <Button size="sm" colorPalette="brand" loading={busy} disabled={!addressId} onClick={request}>
          申请邮寄
        </Button>
      </HStack>
    </Stack>
  )
}
