import { Alert, Button, Card, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useMemo } from 'react'
import { Navigate, Link as RouterLink, useNavigate } from 'react-router'
import { phaseRefusal } from '../../../../definitions/competition/phases.ts'
import { PAY_MSG } from '../../../../schemas/payment.ts'
import { competitionApi } from '../../../api/competition.ts'
import { getUserMoney } from '../../../api/payment.ts'
import { Figure } from '../../../components/payment/pay-figure.tsx'
import { PayPanel } from '../../../components/payment/pay-panel.tsx'
import { notify } from '../../../lib/notify.ts'
import { paths } from '../../../lib/paths.ts'
import { useLoad } from '../../../lib/use-load.ts'
import { useCompetitionStore } from '../../../stores/competition.ts'
import { useCompetition } from '../route.tsx'
import { afterStepsPath } from './next-step.ts'

/**
 * /:competition/pay — the entry fee (the definition's pay.fee, as GET /tbCompetitionInfo/getAuthPrice
 * answers it), paid through the payment service by balance, online or QR with the same rules as
 * /payment. Only competitions with a fee have this page.
 */
export function Component() {
  const competition = useCompetition()
  const api = useMemo(() => competitionApi(competition), [competition])
  const entry = useCompetitionStore((s) => s.userInfo)
  const loadUserInfo = useCompetitionStore((s) => s.loadUserInfo)
  const navigate = useNavigate()
  const figures = useLoad(() => Promise.all([api.price(), getUserMoney()]), [api])
  if (!competition.pay) return <Navigate to="/404" replace />
  if (!entry) return null
  const after = afterStepsPath(competition)

  const closed = phaseRefusal(competition.phases, 'submit', Date.now())
  if (!entry.registered && !closed)
    return (
      <Stack gap="3" align="start">
        <Text>请先填写报名信息，再缴纳报名费。</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to={paths.competition.getHref(competition.slug, 'base/infomation')}>
            填写报名信息
          </RouterLink>
        </Button>
      </Stack>
    )
  if (entry.paid)
    return (
      <Stack gap="3" align="start" data-testid="fee-paid">
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>报名费已缴纳</Alert.Title>
        </Alert.Root>
        <Button asChild colorPalette="brand">
          <RouterLink to={after}>查看我的作品</RouterLink>
        </Button>
      </Stack>
    )
  // After the submission deadline the server takes no fee: the workspace says why above the steps.
  if (closed) return <Text data-testid="pay-closed">报名费已停止缴纳。</Text>
  if (figures.failed) return <Text>报名费信息加载失败，请刷新重试。</Text>
  if (!figures.data) return <Skeleton height="320px" />
  const [price, money] = figures.data

  return (
    <Stack gap="6">
      <Heading as="h2" size="lg">
        缴纳报名费
      </Heading>
      <Card.Root>
        <Card.Body>
          <SimpleGrid columns={{ base: 2, md: 3 }} gap="5">
            <Figure label="报名费" value={`¥${price.price}`} testId="entry-fee" />
            <Figure label="账户余额" value={`¥${money.money}`} testId="pay-balance" />
            <Figure label="缴费要求" value={price.required ? '缴费后方可确认提交' : '自愿缴纳'} />
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <PayPanel
        amountFen={price.priceFen}
        balanceFen={money.moneyFen}
        approve={api.pay}
        onPaid={async () => {
          notify(PAY_MSG.succeeded, 'success')
          await loadUserInfo().catch(() => undefined)
          navigate(after)
        }}
      />
    </Stack>
  )
}
