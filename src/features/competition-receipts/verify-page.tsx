import { Alert, DataList, Stack, Text } from '@chakra-ui/react'
import { type LoaderFunctionArgs, useLoaderData } from 'react-router'
import type { ReceiptVerification } from '../../../schemas/api/competition.ts'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { verifyReceipt } from '../../api/competition.ts'
import { checkNumber, type NumberCheck, NumberCheckPage } from '../../components/number-check.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'

/** How a receipt number looks (server/services/competition-receipts.ts). */
const NUMBER = /^KBE\d{4}-\d{6}$/

type Data = NumberCheck<ReceiptVerification>

/** ?number= (what a receipt's QR code carries) is checked at once, on the server for the first paint. */
export const loader = ({ request }: LoaderFunctionArgs): Promise<Data> =>
  checkNumber(request.url, NUMBER, verifyReceipt)

export const handle = pageHead<Data>(() => ({
  title: '参赛回执查验',
  description: '输入参赛回执编号，查验参赛作品的提交时间、文件哈希与时间戳是否与咖簿网记录一致。',
}))

/** /receipt/verify: anyone checks an entry receipt by its number. */
export function Component() {
  const data = useLoaderData() as Data
  return (
    <NumberCheckPage
      title="参赛回执查验"
      intro="输入参赛回执上的编号（如 KBE2026-000001），查验该回执记载的赛事、作品、文件哈希与时间戳。"
      page={paths.receiptVerify}
      label="回执编号"
      placeholder="KBE2026-000001"
      format="回执编号格式为 KBE + 年份 + “-” + 6 位数字"
      check={data}
      inputTestId="receipt-number"
    >
      {data.state === 'checked' && <Result asked={data.asked} result={data.result} />}
    </NumberCheckPage>
  )
}

function Result({ asked, result }: { asked: string; result: ReceiptVerification | null }) {
  if (!result)
    return (
      <Alert.Root status="warning" data-testid="receipt-result" data-verified="false">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>未找到该回执</Alert.Title>
          <Alert.Description>
            编号 {asked} 不是咖簿网出具的参赛回执，请核对编号；对不上的回执不能证明作品已提交。
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    )
  const verified = result.tokensValid
  return (
    <Alert.Root
      status={verified ? 'success' : 'error'}
      data-testid="receipt-result"
      data-verified={verified ? 'true' : 'false'}
    >
      <Alert.Indicator />
      <Alert.Content gap="3" minW="0">
        <Alert.Title>{verified ? '回执真实有效' : '回执记录存在，但时间戳校验未通过'}</Alert.Title>
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>回执编号</DataList.ItemLabel>
            <DataList.ItemValue fontFamily="mono">{result.number}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>赛事</DataList.ItemLabel>
            <DataList.ItemValue>{result.competitionTitle}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>参赛作品</DataList.ItemLabel>
            <DataList.ItemValue>{result.works.map((w) => `《${w}》`).join('、') || '—'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>提交时间</DataList.ItemLabel>
            <DataList.ItemValue data-testid="receipt-time">
              {formatBeijing(new Date(result.finalisedAt))}（北京时间）
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <Stack gap="2" as="ol" listStyleType="none" ps="0">
          {result.files.map((f, i) => (
            <Stack as="li" key={f.sha256} gap="0" fontSize="xs">
              <Text fontWeight="semibold">
                {i + 1}. {f.label}
              </Text>
              <Text fontFamily="mono" wordBreak="break-all">
                SHA-256 {f.sha256}
              </Text>
              <Text fontFamily="mono" wordBreak="break-all" color="fg.muted">
                时间戳序列号 {f.timestampSerial}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Alert.Content>
    </Alert.Root>
  )
}
