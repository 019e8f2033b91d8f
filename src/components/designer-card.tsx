import { Avatar, Badge, Box, Card, HStack, Image, Stack, Text, Wrap } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { formatBeijingDate } from '../../schemas/beijing-time.ts'
import type { Designer } from '../api/people.ts'
import { assetUrl, paths } from '../lib/paths.ts'
import type { PeopleLabels } from './people-labels.ts'

/** The badges of SPEC §6: ambassador 人才大使, excellent, invited. */
export function DesignerBadges({
  designer,
}: {
  designer: Pick<Designer, 'isAmbassador' | 'excellentStatus' | 'isInvite'>
}) {
  return (
    <>
      {designer.isAmbassador === 1 && (
        <Badge colorPalette="orange" variant="solid" data-testid="badge-ambassador">
          人才大使
        </Badge>
      )}
      {designer.excellentStatus === 1 && (
        <Badge colorPalette="green" variant="subtle">
          优秀设计师
        </Badge>
      )}
      {designer.isInvite === 1 && (
        <Badge colorPalette="purple" variant="subtle">
          特邀设计师
        </Badge>
      )}
    </>
  )
}

/** "发明专利 2 项、外观设计专利 5 项" from counted codes. */
const countedLabels = (
  items: Array<{ code: string; num: number }>,
  labels: Record<string, string>,
  unit: string,
) => items.map((i) => `${labels[i.code] ?? '其他'} ${i.num} ${unit}`).join('、')

/**
 * SPEC §2 designer card: avatar or initial, name, evaluation standard, the 人才大使 flag and the other
 * badges, region, certification date, professional type, rights-confirmed works, prizes, patents,
 * projects and the certificate image. The whole card links to /designer/detail?id.
 */
export function DesignerCard({ designer: d, labels }: { designer: Designer; labels: PeopleLabels }) {
  const prizes = d.prizes.map(
    (p) => `${labels.prize[p.prizeId] ?? '奖项'}（${labels.prizeGrade[p.prizeGrade] ?? ''}）`,
  )
  const patents = countedLabels(
    d.patents.map((p) => ({ code: p.patentType, num: p.num })),
    labels.patentType,
    '项',
  )
  const projects = countedLabels(
    d.projects.map((p) => ({ code: p.projectType, num: p.num })),
    labels.projectType,
    '个',
  )
  return (
    <Card.Root
      asChild
      size="sm"
      variant="outline"
      _hover={{ borderColor: 'brand.400', shadow: 'md' }}
      transition="all 0.15s"
    >
      {/* The whole card is the link, named by everything it shows (WCAG 2.5.3 Label in Name): an
          aria-label such as “…的主页” would hide the visible name, badges and city from that name. */}
      <RouterLink to={paths.designerDetail.getHref(d.id)} data-testid="designer-card">
        <Card.Body gap="3">
          <HStack gap="3" align="flex-start">
            <Avatar.Root size="lg" colorPalette="brand">
              <Avatar.Fallback name={d.username}>{d.username.slice(0, 1)}</Avatar.Fallback>
              {d.profilePhoto && <Avatar.Image src={assetUrl(d.profilePhoto)} alt="" />}
            </Avatar.Root>
            <Stack gap="1" flex="1" minW="0">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="bold" fontSize="lg" color="fg">
                  {d.username}
                </Text>
                <Badge colorPalette="brand">{labels.standard[d.evaluateStandard] ?? '认证设计师'}</Badge>
              </HStack>
              <Wrap gap="1">
                <DesignerBadges designer={d} />
              </Wrap>
              <Text fontSize="sm" color="fg.muted">
                {[d.cityNames.join(' '), labels.professional[d.professional]].filter(Boolean).join(' | ')}
              </Text>
            </Stack>
          </HStack>
          <Stack gap="1" fontSize="sm" color="fg.muted">
            <Text>认证时间：{formatBeijingDate(d.approveDate)}</Text>
            <Text>
              确权作品：
              <Text as="span" fontWeight="semibold" color="fg">
                {d.worksNumber}
              </Text>{' '}
              件
            </Text>
            {prizes.length > 0 && <Text lineClamp={2}>获奖：{prizes.join('；')}</Text>}
            {patents && <Text lineClamp={1}>专利：{patents}</Text>}
            {projects && <Text lineClamp={1}>项目：{projects}</Text>}
          </Stack>
          {d.userCertificate && (
            <Box borderWidth="1px" borderRadius="md" overflow="hidden" bg="bg.subtle">
              <Image
                src={d.userCertificate.certificateUrl}
                alt={`${d.username}的认证证书`}
                loading="lazy"
                w="full"
                h="24"
                objectFit="contain"
              />
            </Box>
          )}
        </Card.Body>
      </RouterLink>
    </Card.Root>
  )
}
