import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Heading,
  HStack,
  Image,
  Link,
  SimpleGrid,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react'
import { type ReactNode, useState } from 'react'
import { useSearchParams } from 'react-router'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { formatYuan } from '../../../schemas/payment.ts'
import { getEntry, type ManageEntry } from '../../api/manage.ts'
import { filterParam } from '../../components/directory-filters.tsx'
import { paths, toAddress } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { ConsoleFrame, LoadState } from './console-frame.tsx'
import { ModerationBadge } from './moderation-badge.tsx'
import { ModerationDialog } from './moderation-dialog.tsx'

const at = (iso: string | null) => (iso ? formatBeijing(Date.parse(iso)) : '—')

/** /manage/entry?competitionId=…&id=…: one entry, every answer labelled, and its moderation. */
export function Component() {
  const [query] = useSearchParams()
  const competitionId = Number(filterParam(query, 'competitionId', /^\d{1,9}$/)) || 0
  const id = Number(filterParam(query, 'id', /^\d{1,10}$/)) || 0
  return (
    <ConsoleFrame title="报名详情" back={{ label: '报名表', to: paths.manageEntries.getHref(competitionId) }}>
      {() => <Entry competitionId={competitionId} id={id} />}
    </ConsoleFrame>
  )
}

function Entry({ competitionId, id }: { competitionId: number; id: number }) {
  const loaded = useLoad(() => getEntry(competitionId, id), [competitionId, id])
  const [dialog, setDialog] = useState<'return' | 'disqualify' | 'reinstate'>()
  return (
    <LoadState loaded={loaded}>
      {(e) => (
        <Stack gap="5" data-testid="manage-entry">
          <Summary e={e} onAct={setDialog} />
          <Section title="报名信息">
            <Answers answers={e.registration.answers} />
          </Section>
          {e.works.map((w) => (
            <Section key={w.id} title={`作品：${w.title}`}>
              <Stack gap="4">
                {w.sections.map((s) => (
                  <Stack key={s.key} gap="2">
                    <Text fontWeight="medium">{s.label}</Text>
                    {s.answers.length ? (
                      <Answers answers={s.answers} />
                    ) : (
                      <Text fontSize="sm" color="fg.muted">
                        未填写
                      </Text>
                    )}
                  </Stack>
                ))}
              </Stack>
            </Section>
          ))}
          <Section title="文件">
            <Files files={e.files} />
          </Section>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <Section title="合作者（团队成员）">
              <Lines
                empty="无"
                items={e.coAuthors.map((c) => [`${c.name}`, `${c.role || '—'} · 《${c.work}》`])}
              />
            </Section>
            <Section title="指导老师">
              <Lines empty="无" items={e.advisers.map((a) => [a.name, `${a.detail} · 《${a.work}》`])} />
            </Section>
            <Section title="缴费">
              {e.payment ? (
                <Lines
                  items={[
                    ['订单号', e.payment.orderNumber],
                    ['金额', `¥${formatYuan(e.payment.amountFen)}`],
                    ['方式', e.payment.method],
                    ['缴费时间', at(e.payment.paidAt)],
                  ]}
                />
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  {e.payRequired ? '未缴费' : '本赛事免费参赛'}
                </Text>
              )}
            </Section>
            <Section title="参赛回执">
              {e.receipt ? (
                <Lines
                  items={[
                    ['回执编号', e.receipt.number],
                    ['时间', at(e.receipt.createdAt)],
                    ['已存证文件', `${e.receipt.files} 个`],
                  ]}
                />
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  尚无回执（确认提交后生成）
                </Text>
              )}
            </Section>
          </SimpleGrid>
          <Section title="处理记录">
            <History e={e} />
          </Section>
          {dialog && (
            <ModerationDialog
              action={dialog}
              competitionId={e.competitionId}
              entryId={e.id}
              onClose={() => setDialog(undefined)}
              onDone={() => {
                setDialog(undefined)
                loaded.reload()
              }}
            />
          )}
        </Stack>
      )}
    </LoadState>
  )
}

function Summary({
  e,
  onAct,
}: {
  e: ManageEntry
  onAct(action: 'return' | 'disqualify' | 'reinstate'): void
}) {
  return (
    <Card.Root size="sm">
      <Card.Body gap="3">
        <HStack gap="2" wrap="wrap">
          <Heading as="h2" size="md">
            {e.name}
          </Heading>
          {e.number && (
            <Text fontFamily="mono" color="fg.muted" data-testid="entry-number">
              {e.number}
            </Text>
          )}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {e.competitionTitle} · {e.entrantTypeLabel} · 账号 {e.entrant.account}
        </Text>
        <Wrap gap="2">
          {(e.payRequired || e.paid) && (
            <Badge colorPalette={e.paid ? 'green' : 'orange'}>{e.paid ? '已缴费' : '未缴费'}</Badge>
          )}
          <Badge colorPalette={e.submitted ? 'green' : 'gray'}>
            {e.submitted ? `已提交 ${at(e.submittedAt)}` : '未提交'}
          </Badge>
          <ModerationBadge moderation={e.moderation} />
        </Wrap>
        {e.moderation && (
          <Alert.Root
            status={e.moderation.state === 'returned' ? 'warning' : 'error'}
            data-testid="entry-moderation"
          >
            <Alert.Indicator />
            <Alert.Description>
              原因：{e.moderation.reason}（{at(e.moderation.at)}）
            </Alert.Description>
          </Alert.Root>
        )}
        <Wrap gap="2">
          <Button size="sm" colorPalette="orange" disabled={!e.mayReturn} onClick={() => onAct('return')}>
            退回修改
          </Button>
          <Button
            size="sm"
            colorPalette="red"
            variant="outline"
            disabled={!e.mayDisqualify}
            onClick={() => onAct('disqualify')}
          >
            取消资格
          </Button>
          {e.mayReinstate && (
            <Button
              size="sm"
              colorPalette="green"
              variant="outline"
              onClick={() => onAct('reinstate')}
              data-testid="entry-reinstate"
            >
              恢复参赛资格
            </Button>
          )}
        </Wrap>
        {e.phaseNote && !e.moderation && (
          <Text fontSize="sm" color="fg.muted">
            {e.phaseNote}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }} minW="0">
      <Heading as="h2" size="sm">
        {title}
      </Heading>
      {children}
    </Stack>
  )
}

type Answer = ManageEntry['registration']['answers'][number]

/** Label and answer side by side from md up, stacked on a phone. */
function Answers({ answers }: { answers: Answer[] }) {
  return (
    <Stack as="dl" gap="2" fontSize="sm">
      {answers.map((a) => (
        <Stack key={a.key} direction={{ base: 'column', md: 'row' }} gap={{ base: '0', md: '4' }}>
          <Text as="dt" color="fg.muted" w={{ md: '40' }} flexShrink={0}>
            {a.label}
          </Text>
          <Box as="dd" minW="0" overflowWrap="anywhere" whiteSpace="pre-wrap">
            {a.files.length ? (
              <Stack gap="0">
                {a.files.map((f) => (
                  <Link
                    key={f.url}
                    href={toAddress(f.url)}
                    target="_blank"
                    rel="noopener"
                    colorPalette="brand"
                  >
                    {f.name}
                  </Link>
                ))}
              </Stack>
            ) : a.rows.length ? (
              <Stack gap="1">
                {a.rows.map((row, i) => (
                  // Rows of a repeated group have no id of their own: their order is what they are.
                  <Text key={i}>{row.map((cell) => `${cell.label}：${cell.text || '—'}`).join('；')}</Text>
                ))}
              </Stack>
            ) : (
              a.text || '—'
            )}
          </Box>
        </Stack>
      ))}
    </Stack>
  )
}

/** Images inline, PDFs and anything else as links that open in a new tab. */
function Files({ files }: { files: ManageEntry['files'] }) {
  if (!files.length)
    return (
      <Text fontSize="sm" color="fg.muted">
        无文件
      </Text>
    )
  const images = files.filter((f) => f.kind === 'image')
  const others = files.filter((f) => f.kind !== 'image')
  return (
    <Stack gap="3" data-testid="entry-files">
      {images.length > 0 && (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          {images.map((f) => (
            <Stack key={f.url} gap="1" minW="0">
              <a href={toAddress(f.url)} target="_blank" rel="noopener">
                <Image
                  src={toAddress(f.url)}
                  alt={f.name}
                  aspectRatio={4 / 3}
                  objectFit="cover"
                  w="full"
                  borderRadius="sm"
                  bg="bg.muted"
                  loading="lazy"
                />
              </a>
              <Text fontSize="xs" color="fg.muted" truncate title={f.label}>
                {f.label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {others.map((f) => (
        <HStack key={f.url} gap="2" fontSize="sm" wrap="wrap">
          <Badge>{f.kind === 'pdf' ? 'PDF' : '文件'}</Badge>
          <Link
            href={toAddress(f.url)}
            target="_blank"
            rel="noopener"
            colorPalette="brand"
            overflowWrap="anywhere"
          >
            {f.name}
          </Link>
          <Text color="fg.muted">{f.label}</Text>
        </HStack>
      ))}
    </Stack>
  )
}

function Lines({ items, empty = '—' }: { items: Array<[string, string]>; empty?: string }) {
  if (!items.length)
    return (
      <Text fontSize="sm" color="fg.muted">
        {empty}
      </Text>
    )
  return (
    <Stack gap="1" fontSize="sm">
      {items.map(([label, value], i) => (
        // Two people may share a name: the order is what tells the lines apart.
        <HStack key={i} justify="space-between" align="start" gap="3">
          <Text color="fg.muted" flexShrink={0}>
            {label}
          </Text>
          <Text textAlign="end" overflowWrap="anywhere" minW="0">
            {value}
          </Text>
        </HStack>
      ))}
    </Stack>
  )
}

const ACTIONS: Record<string, string> = {
  'entry.return': '退回修改',
  'entry.disqualify': '取消资格',
  'entry.reinstate': '恢复参赛资格',
  'entry.resubmit': '参赛者重新提交',
}

function History({ e }: { e: ManageEntry }) {
  if (!e.history.length)
    return (
      <Text fontSize="sm" color="fg.muted">
        暂无处理记录
      </Text>
    )
  return (
    <Stack as="ol" gap="2" listStyleType="none" fontSize="sm" data-testid="entry-history">
      {e.history.map((h) => {
        const after = h.detail.after as { reason?: string } | undefined
        return (
          <Box as="li" key={h.id} borderLeftWidth="2px" ps="3">
            <Text>
              {at(h.at)} · {ACTIONS[h.action] ?? h.action} ·{' '}
              {h.actor ? `${h.actor.username}（${h.actor.account}）` : '系统'}
            </Text>
            {after?.reason && <Text color="fg.muted">原因：{after.reason}</Text>}
          </Box>
        )
      })}
    </Stack>
  )
}
