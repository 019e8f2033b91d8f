import {
  Avatar,
  Badge,
  Box,
  Card,
  Container,
  Heading,
  HStack,
  Image,
  Link,
  SimpleGrid,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react'
import { type LoaderFunctionArgs, Link as RouterLink, useLoaderData } from 'react-router'
import { formatBeijingDate } from '../../../schemas/beijing-time.ts'
import { getDesigner } from '../../api/people.ts'
import { listWorks } from '../../api/works.ts'
import { DesignerBadges } from '../../components/designer-card.tsx'
import { FoldText } from '../../components/fold-text.tsx'
import { notFoundData } from '../../components/missing-record.tsx'
import { loadPeopleLabels } from '../../components/people-labels.ts'
import { WorkGrid } from '../../components/work-card.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { assetUrl, paths, worksIndexPath } from '../../lib/paths.ts'

/** How many of a designer's works the page shows before linking to the directory. */
const DESIGNER_WORKS = 8

export async function loader({ request }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get('id'))
  const labels = await loadPeopleLabels()
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
    return notFoundData({ designer: null, labels, works: null })
  // A missing designer answers code 404: the page says so instead of failing.
  const [designer, works] = await Promise.all([
    getDesigner(id).catch(() => null),
    // The designer's rights-confirmed works: a bonus to the page, left out if it fails to load.
    listWorks({ pageNum: 1, pageSize: DESIGNER_WORKS, userId: id }).catch(() => null),
  ])
  const page = { designer, labels, works }
  return designer ? page : notFoundData(page)
}

type Data = Awaited<ReturnType<typeof loader>>

export const handle = pageHead<Data>(({ designer, labels }) =>
  designer
    ? {
        title: designer.username,
        // Each designer is a page of their own: the id is part of its one address.
        canonical: paths.designerDetail.getHref(designer.id),
        description:
          `${designer.username}，${labels.standard[designer.evaluateStandard] ?? '认证设计师'}，${designer.cityNames.join(' ')}，${labels.professional[designer.professional] ?? ''}。${designer.intro}`.slice(
            0,
            150,
          ),
      }
    : { title: '未找到该设计师' },
)

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card.Root size="sm" variant="outline">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  )
}

const Empty = () => <Text color="fg.muted">暂无</Text>

/** /designer/detail?id (SPEC §2): one designer's profile, badges, prizes, patents, projects and certificate. */
export function Component() {
  const { designer: d, labels, works } = useLoaderData() as Data
  if (!d) {
    return (
      <Container maxW="3xl" py="16">
        <Stack align="center" gap="3" data-testid="designer-missing">
          <Heading as="h1" size="xl">
            未找到该设计师
          </Heading>
          <Text color="fg.muted">该设计师不存在或未公开。</Text>
          <Link asChild colorPalette="brand">
            <RouterLink to={paths.designers.path}>返回设计师名录</RouterLink>
          </Link>
        </Stack>
      </Container>
    )
  }
  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <HStack
          gap="5"
          align="flex-start"
          wrap={{ base: 'wrap', sm: 'nowrap' }}
          data-testid="designer-profile"
        >
          <Avatar.Root size="2xl" colorPalette="brand" w="24" h="24">
            <Avatar.Fallback name={d.username}>{d.username.slice(0, 1)}</Avatar.Fallback>
            {d.profilePhoto && <Avatar.Image src={assetUrl(d.profilePhoto)} alt="" />}
          </Avatar.Root>
          <Stack gap="2" flex="1">
            <HStack gap="3" wrap="wrap">
              <Heading as="h1" size="2xl">
                {d.username}
              </Heading>
              <Badge colorPalette="brand" size="lg">
                {labels.standard[d.evaluateStandard] ?? '认证设计师'}
              </Badge>
            </HStack>
            <Wrap gap="2">
              <DesignerBadges designer={d} />
            </Wrap>
            <Text color="fg.muted">
              {[d.cityNames.join(' '), labels.professional[d.professional], d.studio]
                .filter(Boolean)
                .join(' | ')}
            </Text>
            <HStack gap="6" fontSize="sm" color="fg.muted" wrap="wrap">
              <Text>认证时间：{formatBeijingDate(d.approveDate)}</Text>
              <Text>
                确权作品：
                <Text as="span" fontWeight="semibold" color="fg">
                  {d.worksNumber}
                </Text>{' '}
                件
              </Text>
            </HStack>
          </Stack>
        </HStack>
        {d.intro && (
          <Section title="个人简介">
            <FoldText text={d.intro} />
          </Section>
        )}
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <Section title="获奖">
            {d.prizes.length ? (
              <Stack as="ul" gap="2" listStyleType="none">
                {d.prizes.map((p, i) => (
                  <HStack
                    as="li"
                    key={`${p.prizeId}-${i}`}
                    justify="space-between"
                    gap="2"
                    align="flex-start"
                  >
                    <Text fontSize="sm">{labels.prize[p.prizeId] ?? '奖项'}</Text>
                    <Badge colorPalette="yellow" flexShrink="0">
                      {labels.prizeGrade[p.prizeGrade] ?? ''}
                    </Badge>
                  </HStack>
                ))}
              </Stack>
            ) : (
              <Empty />
            )}
          </Section>
          <Section title="专利">
            {d.patents.length ? (
              <Stack as="ul" gap="2" listStyleType="none">
                {d.patents.map((p) => (
                  <HStack as="li" key={p.patentType} justify="space-between" fontSize="sm">
                    <Text>{labels.patentType[p.patentType] ?? '专利'}</Text>
                    <Text fontWeight="semibold">{p.num} 项</Text>
                  </HStack>
                ))}
              </Stack>
            ) : (
              <Empty />
            )}
          </Section>
          <Section title="项目">
            {d.projects.length ? (
              <Stack as="ul" gap="2" listStyleType="none">
                {d.projects.map((p) => (
                  <HStack as="li" key={p.projectType} justify="space-between" fontSize="sm">
                    <Text>{labels.projectType[p.projectType] ?? '项目'}</Text>
                    <Text fontWeight="semibold">{p.num} 个</Text>
                  </HStack>
                ))}
              </Stack>
            ) : (
              <Empty />
            )}
          </Section>
        </SimpleGrid>
        {d.userCertificate && (
          <Section title="认证证书">
            <Stack gap="2" align="center">
              <Box maxW="xl" w="full" borderWidth="1px" borderRadius="md" overflow="hidden">
                <Image src={d.userCertificate.certificateUrl} alt={`${d.username}的认证证书`} w="full" />
              </Box>
              {d.certificateNumber && (
                <Text fontSize="sm" color="fg.muted">
                  证书编号 {d.certificateNumber}
                </Text>
              )}
            </Stack>
          </Section>
        )}
        {works && works.total > 0 && (
          <Section title={`确权作品（${works.total}）`}>
            <Stack gap="4" data-testid="designer-works">
              <WorkGrid works={works.rows} />
              {works.total > works.rows.length && (
                <Link asChild colorPalette="brand" alignSelf="flex-start" fontSize="sm">
                  <RouterLink to={worksIndexPath({ userId: d.id })}>
                    查看全部 {works.total} 件作品 →
                  </RouterLink>
                </Link>
              )}
            </Stack>
          </Section>
        )}
        <Link asChild colorPalette="brand" alignSelf="flex-start">
          <RouterLink to={paths.designers.path}>← 返回设计师名录</RouterLink>
        </Link>
      </Stack>
    </Container>
  )
}
