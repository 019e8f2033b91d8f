import { Alert, Badge, Button, Card, HStack, Image, Stack, Text, Wrap } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import type { MyCompetition } from '../../../schemas/api/competition.ts'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { listMyCompetitions, receiptPdfUrl } from '../../api/competition.ts'
import { assetUrl, mineTab, paths } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { CertificateCard } from './competition-certificates.tsx'
import { CompetitionMessages } from './competition-messages.tsx'
import { CompetitionResults } from './competition-results.tsx'
import { TabFrame } from './tab-frame.tsx'

/** The entry's states as badges, in the order they happen. */
function states(c: MyCompetition): Array<{ label: string; color: string }> {
  const list = [{ label: '已报名', color: 'blue' }]
  if (c.payRequired || c.paid)
    list.push(c.paid ? { label: '已缴费', color: 'green' } : { label: '待缴费', color: 'orange' })
  list.push(c.finalised ? { label: '已提交', color: 'green' } : { label: '未提交', color: 'gray' })
  if (c.moderation?.state === 'returned') list.push({ label: '已退回修改', color: 'orange' })
  if (c.moderation?.state === 'disqualified') list.push({ label: '已取消资格', color: 'red' })
  if (c.certificate) list.push({ label: '结果已公布', color: 'purple' })
  return list
}

/** 我的赛事: every competition the user entered, its state, and the way back to its workspace, receipt and certificate. */
export function CompetitionTab() {
  const loaded = useLoad(listMyCompetitions, [])
  return (
    <TabFrame title="我的赛事" loaded={loaded}>
      {(list) =>
        list.length === 0 ? (
          <Stack gap="3" align="flex-start">
            <Text color="fg.muted">还没有参加赛事。</Text>
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to={paths.home.path}>去看看赛事</RouterLink>
            </Button>
          </Stack>
        ) : (
          <Stack gap="4" data-testid="my-competitions">
            {list.map((c) => (
              <Stack key={c.competitionId} gap="2">
                <EntryCard entry={c} />
                {/* The certificate and its posting where the definitions' FAQs send entrants (我的—我的赛事). */}
                {c.certificate && <CertificateCard competitionId={c.competitionId} />}
              </Stack>
            ))}
          </Stack>
        )
      }
    </TabFrame>
  )
}

function EntryCard({ entry: c }: { entry: MyCompetition }) {
  const cover = c.cover as { src?: string; alt?: string } | null
  return (
    <Card.Root
      size="sm"
      overflow="hidden"
      flexDirection={{ base: 'column', sm: 'row' }}
      data-testid="my-competition"
      data-competition-id={c.competitionId}
    >
      {cover?.src && (
        <Image
          src={assetUrl(cover.src)}
          alt=""
          objectFit="cover"
          w={{ base: 'full', sm: '44' }}
          h={{ base: '32', sm: 'auto' }}
          flexShrink={0}
        />
      )}
      <Card.Body gap="3" minW="0">
        <Stack gap="1">
          <HStack gap="2" wrap="wrap">
            <Card.Title as="h3" fontSize="md">
              {c.title}
            </Card.Title>
            <Badge variant="outline">{c.stageLabel}</Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            报名时间：{formatBeijing(new Date(c.registeredAt))}
            {c.worksCount > 0 ? ` · 作品 ${c.worksCount} 件` : ''}
          </Text>
        </Stack>
        <Wrap gap="2" data-testid="my-competition-states">
          {states(c).map((s) => (
            <Badge key={s.label} colorPalette={s.color}>
              {s.label}
            </Badge>
          ))}
        </Wrap>
        {c.moderation && (
          // Why staff returned or disqualified the entry (README "Organisers' console").
          <Alert.Root
            size="sm"
            status={c.moderation.state === 'returned' ? 'warning' : 'error'}
            data-testid="my-competition-moderation"
          >
            <Alert.Indicator />
            <Alert.Description>
              {c.moderation.state === 'returned' ? '退回原因' : '取消原因'}：{c.moderation.reason}
              {c.moderation.state === 'returned' ? '。请修改后重新确认提交。' : ''}
            </Alert.Description>
          </Alert.Root>
        )}
        {c.certificatePending && (
          // The certificate names the verified person: it waits until the entrant verifies (README
          // "Competition certificates").
          <Alert.Root size="sm" status="info" data-testid="my-competition-certificate-pending">
            <Alert.Indicator />
            <Alert.Content gap="2">
              <Alert.Description>{c.certificatePending}</Alert.Description>
              <Button asChild size="xs" colorPalette="brand" alignSelf="flex-start">
                <RouterLink to={mineTab('Info')}>去实名认证</RouterLink>
              </Button>
            </Alert.Content>
          </Alert.Root>
        )}
        {c.results && <CompetitionResults results={c.results} />}
        <CompetitionMessages messages={c.messages} />
        {c.receiptNumber && (
          <Text fontSize="sm">
            回执编号：
            <Text as="span" fontFamily="mono" data-testid="my-competition-receipt">
              {c.receiptNumber}
            </Text>
          </Text>
        )}
        <Wrap gap="2">
          {c.active && (
            <Button asChild size="sm" colorPalette="brand" variant={c.finalised ? 'outline' : 'solid'}>
              <RouterLink to={paths.competition.getHref(c.slug, 'base')}>
                {c.moderation?.state === 'returned'
                  ? '修改并重新提交'
                  : c.finalised
                    ? '查看参赛资料'
                    : '继续报名'}
              </RouterLink>
            </Button>
          )}
          {c.receiptNumber && (
            <>
              <Button asChild size="sm" variant="outline">
                <a href={receiptPdfUrl(c.competitionId)} download data-testid="receipt-pdf">
                  下载参赛回执
                </a>
              </Button>
              <Button asChild size="sm" variant="ghost">
                <RouterLink to={paths.receiptVerify.getHref(c.receiptNumber)}>查验回执</RouterLink>
              </Button>
            </>
          )}
        </Wrap>
      </Card.Body>
    </Card.Root>
  )
}
