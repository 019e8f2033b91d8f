import { Badge, Box, Card, Container, Heading, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { type LoaderFunctionArgs, Link as RouterLink, useLoaderData } from 'react-router'
import { listVideos } from '../../api/articles.ts'
import { Pager } from '../../components/pager.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { assetUrl, paths } from '../../lib/paths.ts'
import { clock } from './clock.ts'

const PAGE_SIZE = 12

export async function loader({ request }: LoaderFunctionArgs) {
  const raw = Math.floor(Number(new URL(request.url).searchParams.get('page')))
  const page = raw >= 1 && raw <= 100_000 ? raw : 1
  return { page, ...(await listVideos(page, PAGE_SIZE)) }
}

type Data = Awaited<ReturnType<typeof loader>>

export const handle = pageHead<Data>(() => ({
  title: '历史视频',
  description: '协会历年活动影像：设计周、竞赛颁奖、材料沙龙与企业参访。',
}))

/** /historyVideo/list (SPEC §2): the association's films, newest first. */
export function Component() {
  const { page, rows, total } = useLoaderData() as Data
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            历史视频
          </Heading>
          <Text color="fg.muted">协会历年活动影像。演示站点的视频为几秒钟的动态标题片。</Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5" data-testid="video-list">
          {rows.map((v) => (
            <Card.Root key={v.id} asChild size="sm" overflow="hidden" _hover={{ shadow: 'md' }}>
              <RouterLink to={paths.historyVideoDetail.getHref(v.id)} data-testid="video-card">
                <Box position="relative" aspectRatio={16 / 9} bg="bg.muted">
                  <Image src={assetUrl(v.cover)} alt="" w="full" h="full" objectFit="cover" loading="lazy" />
                  <Badge position="absolute" right="2" bottom="2" bg="blackAlpha.700" color="white">
                    ▶ {clock(v.durationSeconds)}
                  </Badge>
                </Box>
                <Card.Body gap="1">
                  <Text fontWeight="bold" lineClamp={1}>
                    {v.title}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {v.event} · {v.year} 年
                  </Text>
                </Card.Body>
              </RouterLink>
            </Card.Root>
          ))}
        </SimpleGrid>
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={total}
          hrefOf={(next) => `${paths.historyVideos.path}?page=${next}`}
        />
      </Stack>
    </Container>
  )
}
