import {
  Avatar,
  Badge,
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
import { getTalent } from '../../api/people.ts'
import { FoldText } from '../../components/fold-text.tsx'
import { notFoundData } from '../../components/missing-record.tsx'
import { loadPeopleLabels } from '../../components/people-labels.ts'
import { pageHead } from '../../lib/page-head.ts'
import { assetUrl, paths } from '../../lib/paths.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get('id'))
  const labels = await loadPeopleLabels()
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return notFoundData({ talent: null, labels })
  const talent = await getTalent(id).catch(() => null)
  return talent ? { talent, labels } : notFoundData({ talent, labels })
}

type Data = Awaited<ReturnType<typeof loader>>

export const handle = pageHead<Data>(({ talent }) =>
  talent
    ? {
        title: talent.name,
        canonical: paths.talentDetail.getHref(talent.id),
        description: `${talent.name}，${talent.school} ${talent.major}。${talent.intro}`.slice(0, 150),
      }
    : { title: '未找到该人才' },
)

/** /talent/detail?id (SPEC §2): one talent's profile, skills and portfolio. */
export function Component() {
  const { talent: t, labels } = useLoaderData() as Data
  if (!t) {
    return (
      <Container maxW="3xl" py="16">
        <Stack align="center" gap="3" data-testid="talent-missing">
          <Heading as="h1" size="xl">
            未找到该人才
          </Heading>
          <Text color="fg.muted">该人才不存在或未公开。</Text>
          <Link asChild colorPalette="brand">
            <RouterLink to={paths.talents.path}>返回人才库</RouterLink>
          </Link>
        </Stack>
      </Container>
    )
  }
  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <HStack gap="5" align="flex-start" data-testid="talent-profile">
          <Avatar.Root colorPalette="teal" w="24" h="24">
            <Avatar.Fallback name={t.name}>{t.name.slice(0, 1)}</Avatar.Fallback>
            {t.avatar && <Avatar.Image src={assetUrl(t.avatar)} alt="" />}
          </Avatar.Root>
          <Stack gap="2">
            <HStack gap="3">
              <Heading as="h1" size="2xl">
                {t.name}
              </Heading>
              <Badge colorPalette="teal" size="lg">
                {labels.schoolRecord[t.schoolRecord] ?? ''}
              </Badge>
            </HStack>
            <Text color="fg.muted">
              {t.school} · {t.major} · {t.cityNames.join(' ')}
            </Text>
            <Wrap gap="1">
              {t.skills.map((s) => (
                <Badge key={s} variant="outline">
                  {s}
                </Badge>
              ))}
            </Wrap>
          </Stack>
        </HStack>
        <Card.Root size="sm" variant="outline">
          <Card.Header>
            <Heading as="h2" size="md">
              自我介绍
            </Heading>
          </Card.Header>
          <Card.Body>{t.intro ? <FoldText text={t.intro} /> : <Text color="fg.muted">暂无</Text>}</Card.Body>
        </Card.Root>
        <Stack gap="3">
          <Heading as="h2" size="md">
            作品集
          </Heading>
          {t.images.length ? (
            <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="4" data-testid="talent-portfolio">
              {t.images.map((src, i) => (
                <Image
                  key={src}
                  src={assetUrl(src)}
                  alt={`${t.name}的作品 ${i + 1}`}
                  borderRadius="md"
                  borderWidth="1px"
                  w="full"
                />
              ))}
            </SimpleGrid>
          ) : (
            <Text color="fg.muted">暂无作品</Text>
          )}
        </Stack>
        <Link asChild colorPalette="brand" alignSelf="flex-start">
          <RouterLink to={paths.talents.path}>← 返回人才库</RouterLink>
        </Link>
      </Stack>
    </Container>
  )
}
