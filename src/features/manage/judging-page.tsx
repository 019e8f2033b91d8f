import { Alert, Badge, Button, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { entryNumber } from '../../../schemas/api/judging.ts'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import {
  assignRound,
  type JudgingAssignment,
  listJudgingRounds,
  type ManageCompetition,
  type ManageJudgingRound,
} from '../../api/manage.ts'
import { RecordTable } from '../../components/record-table.tsx'
import { paths } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { CompetitionChooser } from './competition-chooser.tsx'
import { ConsoleFrame, LoadState } from './console-frame.tsx'
import { StaffDialog } from './staff-dialog.tsx'

const STATE: Record<ManageJudgingRound['state'], { label: string; palette: string }> = {
  upcoming: { label: '未开始', palette: 'gray' },
  open: { label: '进行中', palette: 'green' },
  closed: { label: '已结束', palette: 'orange' },
}
const MODE: Record<ManageJudgingRound['mode'], string> = { qualifying: '资格审查', score: '评分' }
const when = (iso: string) => formatBeijing(Date.parse(iso))

/**
 * /manage/judging?competitionId=…: the rounds of a competition's judging block, each with the judges
 * holding its role and their loads, and 分配评审 (README "Organisers and judges").
 */
export function Component() {
  return (
    <ConsoleFrame title="评审分配">
      {() => (
        <CompetitionChooser>{(c) => <Rounds key={c.competitionId} competition={c} />}</CompetitionChooser>
      )}
    </ConsoleFrame>
  )
}

function Rounds({ competition }: { competition: ManageCompetition }) {
  const rounds = useLoad(() => listJudgingRounds(competition.competitionId), [competition.competitionId])
  return (
    <LoadState
      loaded={rounds}
      empty={{
        text: '本赛事没有评审安排：在赛事定义中加入 judging（见 competitions/README.md）。',
        isEmpty: (list) => list.length === 0,
      }}
    >
      {(list) => (
        <Stack gap="5" data-testid="judging-rounds">
          {list.map((r) => (
            <RoundCard key={r.roundId} competition={competition} round={r} onAssigned={rounds.reload} />
          ))}
        </Stack>
      )}
    </LoadState>
  )
}

function RoundCard({
  competition,
  round,
  onAssigned,
}: {
  competition: ManageCompetition
  round: ManageJudgingRound
  onAssigned(): void
}) {
  const [confirming, setConfirming] = useState(false)
  const [result, setResult] = useState<JudgingAssignment>()
  const state = STATE[round.state]
  const facts: Array<[string, string | number]> = [
    ['进入本轮的作品', round.entries],
    ['每件作品评委', round.judgesPerEntry],
    ['评委', round.judges.filter((j) => j.holdsRole).length],
    ['已分配', round.assigned],
    ['评委不足的作品', round.short],
  ]
  return (
    <Card.Root size="sm" data-testid="judging-round" data-round-id={round.roundId}>
      <Card.Body gap="4">
        <Stack gap="1">
          <HStack gap="2" wrap="wrap">
            <Heading as="h2" size="md">
              {round.title}
            </Heading>
            <Badge colorPalette={state.palette} data-testid="judging-round-state">
              {state.label}
            </Badge>
            <Badge variant="outline">{MODE[round.mode]}</Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            评审时间：{when(round.opens)} 至 {when(round.closes)}
          </Text>
        </Stack>
        <HStack gap="2" wrap="wrap" fontSize="sm" data-testid="judging-round-facts">
          {facts.map(([label, value]) => (
            <Badge key={label} variant="subtle" size="md">
              {label} {value}
            </Badge>
          ))}
        </HStack>
        {round.judges.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" data-testid="judging-no-judges">
            本轮还没有评委。请先在
            <Link asChild colorPalette="brand" mx="1">
              <RouterLink to={paths.manageStaff.path}>角色与审计</RouterLink>
            </Link>
            中授予评委角色（或 npm run grant -- 账号 judge {competition.competitionId}）。
          </Text>
        ) : (
          <RecordTable
            rows={round.judges}
            columns={[
              { header: '评委', inCard: false, cell: (j) => `${j.name}（${j.account}）` },
              { header: '已分配', align: 'end', cell: (j) => j.assigned },
              { header: '已提交评分', align: 'end', cell: (j) => j.submitted },
              { header: '回避', align: 'end', cell: (j) => j.conflicts },
              {
                header: '角色',
                cell: (j) =>
                  j.holdsRole ? (
                    <Badge colorPalette="green">评委</Badge>
                  ) : (
                    <Badge colorPalette="orange">已撤销（保留已分配的作品）</Badge>
                  ),
              },
            ]}
            rowKey={(j) => j.account}
            testId={`judging-judges-${round.roundId}`}
            title={(j) => `${j.name}（${j.account}）`}
          />
        )}
        {result && <AssignmentResult result={result} />}
        <HStack gap="3" wrap="wrap">
          <Button
            colorPalette="brand"
            size="sm"
            onClick={() => setConfirming(true)}
            disabled={round.state === 'closed'}
            data-testid="judging-assign"
          >
            分配评审
          </Button>
          {round.state === 'closed' && (
            <Text fontSize="sm" color="fg.muted">
              本轮已结束，不能再分配作品。
            </Text>
          )}
        </HStack>
      </Card.Body>
      {confirming && (
        <AssignDialog
          competitionId={competition.competitionId}
          round={round}
          onClose={() => setConfirming(false)}
          onDone={(outcome) => {
            setConfirming(false)
            setResult(outcome)
            onAssigned()
          }}
        />
      )}
    </Card.Root>
  )
}

/** What a run did: what it added, over how many entries and judges, and which entries still lack judges. */
function AssignmentResult({ result }: { result: JudgingAssignment }) {
  return (
    <Alert.Root status={result.short.length ? 'warning' : 'success'} data-testid="judging-assign-result">
      <Alert.Indicator />
      <Stack gap="1">
        <Alert.Title>
          {result.added ? `已分配 ${result.added} 份评审` : '没有需要新分配的作品'}（作品 {result.entries}{' '}
          件，评委 {result.judges} 位）
        </Alert.Title>
        <Alert.Description>
          {result.short.length
            ? `以下作品评委不足（评委太少，或其余评委都已声明回避）：${result.short.map(entryNumber).join('、')}`
            : '每件作品都已有足够的评委；声明回避的作品已改派给其他评委。'}
        </Alert.Description>
      </Stack>
    </Alert.Root>
  )
}

/** The confirmation before a run; the server's refusal (a closed round…) is shown by the API client. */
function AssignDialog({
  competitionId,
  round,
  onClose,
  onDone,
}: {
  competitionId: number
  round: ManageJudgingRound
  onClose(): void
  onDone(outcome: JudgingAssignment): void
}) {
  const submit = async () => {
    onDone(await assignRound({ competitionId, roundId: round.roundId }))
  }
  return (
    <StaffDialog
      title={`分配评审：${round.title}`}
      testId="judging-assign-dialog"
      confirmTestId="judging-assign-confirm"
      confirm="确认分配"
      onConfirm={submit}
      onClose={onClose}
    >
      <Stack gap="2" fontSize="sm">
        <Text>
          将进入本轮的 {round.entries} 件作品平均分配给本轮的评委，每件作品 {round.judgesPerEntry}{' '}
          位评委；评委不会分到自己声明回避的作品。
        </Text>
        <Text color="fg.muted">已有的分配保持不变，重复运行只补上缺少的评委。分配记入审计日志。</Text>
      </Stack>
    </StaffDialog>
  )
}
