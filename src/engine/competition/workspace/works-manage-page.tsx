import { Badge, Box, Button, Dialog, HStack, Portal, Skeleton, Stack, Table, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { Navigate, Link as RouterLink } from 'react-router'
import type { CompetitionView } from '../../../../definitions/competition/view.ts'
import type { CompetitionEntry, CompetitionWork } from '../../../../schemas/api/competition.ts'
import { formatBeijing } from '../../../../schemas/beijing-time.ts'
import { competitionApi, receiptPdfUrl } from '../../../api/competition.ts'
import { notify } from '../../../lib/notify.ts'
import { paths } from '../../../lib/paths.ts'
import { useLoad } from '../../../lib/use-load.ts'
import { useCompetitionStore } from '../../../stores/competition.ts'
import { useCompetition } from '../route.tsx'
import { entryLock, SUBMITTED } from './entry-lock.ts'

/**
 * /:competition/base/works/manage — the entrant's works in this competition: what each still needs,
 * edit and delete, another work while the limit allows, and the final 确认提交 — refused while a
 * required fee is unpaid (the page says so before the server has to).
 */
export function Component() {
  const competition = useCompetition()
  const api = useMemo(() => competitionApi(competition), [competition])
  const works = useLoad(() => api.works(), [api])
  const entry = useCompetitionStore((s) => s.userInfo)
  const setUserInfo = useCompetitionStore((s) => s.setUserInfo)
  const loadUserInfo = useCompetitionStore((s) => s.loadUserInfo)
  const [deleting, setDeleting] = useState<CompetitionWork | null>(null)
  const [finalising, setFinalising] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const slug = competition.slug
  if (!competition.works.manage) return <Navigate to="/404" replace />
  if (!entry) return null
  const rows = works.data?.rows ?? []
  const unpaid = entry.payRequired && !entry.paid
  const complete = rows.some((w) => w.complete)
  // Closed or submitted: the list shows what was entered, with no way to change it (the workspace
  // says why above the steps).
  const locked = !!entryLock(competition, entry).works

  const remove = async (work: CompetitionWork) => {
    setDeleting(null)
    try {
      await api.deleteWork(work.id)
      notify('作品已删除', 'success')
      works.reload()
      await loadUserInfo()
    } catch {
      // Shown by the API client.
    }
  }
  const finalise = async () => {
    setConfirming(false)
    setFinalising(true)
    try {
      setUserInfo(await api.finalise())
      notify('已确认提交，祝您取得好成绩', 'success')
    } catch {
      // Shown by the API client (unpaid, incomplete, closed).
    } finally {
      setFinalising(false)
    }
  }

  return (
    <Stack gap="5">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Text fontSize="lg" fontWeight="semibold">
          我的作品（{rows.length} / {entry.worksMax}）
        </Text>
        {competition.works.add && !locked && rows.length < entry.worksMax && (
          <Button asChild colorPalette="brand" variant="outline" size="sm">
            <RouterLink to={paths.competition.getHref(slug, 'base/works/add')}>添加作品</RouterLink>
          </Button>
        )}
      </HStack>
      {works.loading && !works.data ? (
        <Skeleton height="160px" />
      ) : works.failed ? (
        <Text>作品加载失败。</Text>
      ) : rows.length === 0 ? (
        <Stack align="start" gap="3" data-testid="works-empty">
          <Text color="fg.muted">还没有作品。</Text>
          {!locked && (
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.competition.getHref(slug, 'base/works/base')}>提交第一件作品</RouterLink>
            </Button>
          )}
        </Stack>
      ) : (
        <>
          <Table.Root size="sm" data-testid="works-table" hideBelow="md">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>作品名称</Table.ColumnHeader>
                <Table.ColumnHeader>状态</Table.ColumnHeader>
                <Table.ColumnHeader>更新时间</Table.ColumnHeader>
                {!locked && <Table.ColumnHeader textAlign="end">操作</Table.ColumnHeader>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((work) => (
                <Table.Row key={work.id} data-testid="works-row">
                  <Table.Cell>{work.worksName}</Table.Cell>
                  <Table.Cell>
                    <WorkState work={work} entry={entry} />
                  </Table.Cell>
                  <Table.Cell>{formatBeijing(new Date(work.updateTime))}</Table.Cell>
                  {!locked && (
                    <Table.Cell textAlign="end">
                      <WorkActions competition={competition} work={work} onDelete={() => setDeleting(work)} />
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {/* A phone: one card a work, the same facts and actions, nothing wider than the screen. */}
          <Stack gap="3" hideFrom="md" data-testid="works-cards">
            {rows.map((work) => (
              <Box key={work.id} borderWidth="1px" borderRadius="md" p="3" data-testid="works-card">
                <HStack justify="space-between" align="start" gap="2">
                  <Text fontWeight="semibold" wordBreak="break-all">
                    {work.worksName}
                  </Text>
                  <WorkState work={work} entry={entry} />
                </HStack>
                <Text fontSize="sm" color="fg.muted" mt="1">
                  更新时间：{formatBeijing(new Date(work.updateTime))}
                </Text>
                {!locked && (
                  <WorkActions competition={competition} work={work} onDelete={() => setDeleting(work)} />
                )}
              </Box>
            ))}
          </Stack>
        </>
      )}

      {!locked && (
        <Stack gap="2" align="end" borderTopWidth="1px" pt="4">
          {unpaid && (
            <HStack gap="3" flexWrap="wrap" justify="flex-end" data-testid="finalise-unpaid">
              <Text color="orange.700">报名费未缴纳，缴费后才能确认提交。</Text>
              <Button asChild size="sm" colorPalette="brand">
                <RouterLink to={paths.competition.getHref(slug, 'pay')}>去缴费</RouterLink>
              </Button>
            </HStack>
          )}
          {!complete && rows.length > 0 && (
            <Text color="fg.muted">至少有一件作品资料齐全后才能确认提交。</Text>
          )}
          <Button
            colorPalette="brand"
            disabled={unpaid || !complete}
            loading={finalising}
            onClick={() => setConfirming(true)}
            data-testid="finalise"
          >
            确认提交
          </Button>
        </Stack>
      )}
      {entry.finalised && (
        <Stack gap="2" align="flex-start">
          <Text color="green.700" data-testid="finalised-note">
            {SUBMITTED}。评审结果将于结果公布日在赛事首页发布。
          </Text>
          <Button asChild size="sm" variant="outline">
            <a href={receiptPdfUrl(entry.competitionId)} download data-testid="receipt-pdf">
              下载参赛回执
            </a>
          </Button>
        </Stack>
      )}

      <Dialog.Root
        open={confirming}
        onOpenChange={(e) => !e.open && setConfirming(false)}
        role="alertdialog"
        placement="center"
        size="sm"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="finalise-confirm">
              <Dialog.Header>
                <Dialog.Title>确认提交</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                确认提交后，报名信息和全部作品都不能再修改或删除，也不能撤回。资料不齐全的作品不参加评审。确定提交吗？
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">再检查一下</Button>
                </Dialog.ActionTrigger>
                <Button colorPalette="brand" onClick={finalise}>
                  确认提交
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>

      <Dialog.Root
        open={!!deleting}
        onOpenChange={(e) => !e.open && setDeleting(null)}
        role="alertdialog"
        placement="center"
        size="sm"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>删除作品</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>确定删除“{deleting?.worksName}”吗？删除后不能恢复。</Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">取消</Button>
                </Dialog.ActionTrigger>
                <Button colorPalette="red" onClick={() => deleting && remove(deleting)}>
                  删除
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  )
}

/** A work's state: whether its steps are all saved, and once the entry is submitted, whether it was. */
function WorkState({ work, entry }: { work: CompetitionWork; entry: CompetitionEntry }) {
  if (entry.finalised)
    return (
      <Badge colorPalette={work.complete ? 'green' : 'gray'} flexShrink={0}>
        {work.complete ? SUBMITTED : '未提交（资料不齐全）'}
      </Badge>
    )
  return (
    <Badge colorPalette={work.complete ? 'green' : 'orange'} flexShrink={0}>
      {work.complete ? '资料齐全' : '待完善'}
    </Badge>
  )
}

/** The work's steps to edit, and delete. */
function WorkActions({
  competition,
  work,
  onDelete,
}: {
  competition: CompetitionView
  work: CompetitionWork
  onDelete(): void
}) {
  return (
    <HStack
      justify={{ base: 'flex-start', md: 'flex-end' }}
      gap="1"
      flexWrap="wrap"
      mt={{ base: '2', md: '0' }}
    >
      {competition.steps
        .filter((step) => step.path.startsWith('base/works/'))
        .map((step) => (
          <Button key={step.key} asChild size="xs" variant="ghost">
            <RouterLink to={`${paths.competition.getHref(competition.slug, step.path)}?id=${work.id}`}>
              {step.label}
            </RouterLink>
          </Button>
        ))}
      <Button size="xs" variant="ghost" colorPalette="red" onClick={onDelete}>
        删除
      </Button>
    </HStack>
  )
}
