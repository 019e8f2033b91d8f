import { Alert, DataList, Link, Text } from '@chakra-ui/react'
import { type LoaderFunctionArgs, Link as RouterLink, useLoaderData } from 'react-router'
import type { CertificateVerification } from '../../../schemas/api/competition.ts'
import { formatBeijing, formatBeijingDate } from '../../../schemas/beijing-time.ts'
import { verifyCompetitionCertificate } from '../../api/competition.ts'
import { checkNumber, type NumberCheck, NumberCheckPage } from '../../components/number-check.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'

/** How a competition certificate number looks (server/services/competition/certificate-records.ts). */
const NUMBER = /^KBS\d{4}-[2-9A-HJKMNP-Z]{8}$/

type Data = NumberCheck<CertificateVerification>

/** ?number= (what a certificate's QR code carries) is checked at once, on the server for the first paint. */
export const loader = ({ request }: LoaderFunctionArgs): Promise<Data> =>
  checkNumber(request.url, NUMBER, verifyCompetitionCertificate)

export const handle = pageHead<Data>(() => ({
  title: '竞赛证书查验',
  description: '输入竞赛证书编号，查验证书是否为咖簿网颁发，以及它证明的获证人、赛事、作品与奖项。',
}))

/** /cert/verify: anyone checks a competition certificate by its number. */
export function Component() {
  const data = useLoaderData() as Data
  return (
    <NumberCheckPage
      title="竞赛证书查验"
      intro="输入竞赛证书上的编号（如 KBS2026-7QK4M2XD），或扫描证书上的二维码，查验证书真伪及其证明的内容。"
      page={paths.certVerify}
      label="证书编号"
      placeholder="KBS2026-7QK4M2XD"
      format="证书编号格式为 KBS + 年份 + “-” + 8 位字母或数字"
      check={data}
      inputTestId="certificate-number-input"
    >
      {data.state === 'checked' && <Result asked={data.asked} result={data.result} />}
    </NumberCheckPage>
  )
}

function Result({ asked, result }: { asked: string; result: CertificateVerification | null }) {
  if (!result)
    return (
      <Alert.Root status="warning" data-testid="certificate-result" data-verified="false">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>未找到该证书</Alert.Title>
          <Alert.Description>
            编号 {asked} 不是咖簿网颁发的竞赛证书，请核对编号；对不上的证书不能证明参赛或获奖。
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    )
  const superseded = result.supersededAt !== null
  return (
    <Alert.Root
      status={superseded ? 'warning' : 'success'}
      data-testid="certificate-result"
      data-verified={superseded ? 'superseded' : 'true'}
    >
      <Alert.Indicator />
      <Alert.Content gap="3" minW="0">
        <Alert.Title>
          {superseded ? '证书真实，但已作废（已重新颁发）' : '证书真实有效：由咖簿网颁发'}
        </Alert.Title>
        {superseded && (
          <Text fontSize="sm" data-testid="certificate-superseded">
            该证书于 {formatBeijing(new Date(result.supersededAt!))}（北京时间）更正后重新颁发，现行证书编号为{' '}
            {result.currentNumber ? (
              <Link asChild fontFamily="mono" color="brand.600">
                <RouterLink to={paths.certVerify.getHref(result.currentNumber)}>
                  {result.currentNumber}
                </RouterLink>
              </Link>
            ) : (
              '—'
            )}
            ，请以现行证书为准。
          </Text>
        )}
        <DataList.Root orientation="horizontal" size="sm">
          <Item label="证书编号" mono>
            {result.number}
          </Item>
          <Item label="证书类别">{result.award ? '获奖证书' : '参赛证书'}</Item>
          <Item label="获证人">{result.entrant}</Item>
          {result.coAuthors.length > 0 && <Item label="合作作者">{result.coAuthors.join('、')}</Item>}
          {result.advisers.length > 0 && <Item label="指导老师">{result.advisers.join('、')}</Item>}
          <Item label="赛事">{result.competitionTitle}</Item>
          <Item label="参赛作品">{result.works.map((w) => `《${w}》`).join('、') || '—'}</Item>
          <Item label="奖项">{result.award ?? '参赛'}</Item>
          <Item label="颁发日期">{formatBeijingDate(result.issuedAt)}</Item>
        </DataList.Root>
      </Alert.Content>
    </Alert.Root>
  )
}

function Item({ label, mono, children }: { label: string; mono?: boolean; children: React.ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel flexShrink={0}>{label}</DataList.ItemLabel>
      <DataList.ItemValue fontFamily={mono ? 'mono' : undefined} minW="0" wordBreak="break-word">
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  )
}
