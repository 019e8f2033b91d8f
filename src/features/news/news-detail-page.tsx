import { Badge, Box, Container, Heading, HStack, Image, Link, Stack, Text } from '@chakra-ui/react'
import { type LoaderFunctionArgs, Link as RouterLink, redirect, useLoaderData } from 'react-router'
import { formatBeijingDate } from '../../../schemas/beijing-time.ts'
import { getNews, type NewsDetail } from '../../api/articles.ts'
import { isMissing, type Missing, MissingRecord, orMissing } from '../../components/missing-record.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { assetUrl, paths } from '../../lib/paths.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get('id'))
  if (!Number.isInteger(id) || id < 1) throw redirect(paths.news.path)
  return orMissing(getNews(id))
}

export const handle = pageHead<NewsDetail | Missing>((news) =>
  isMissing(news)
    ? { title: news.missing }
    : {
        title: news.title,
        description: news.summary.slice(0, 120),
        image: news.cover,
        // The id is in the query, which the default canonical (the path) leaves out.
        canonical: paths.newsDetail.getHref(news.id),
      },
)

/** /news/detail?id (SPEC §2): the article's headings and paragraphs (plain text, never HTML). */
export function Component() {
  const news = useLoaderData() as NewsDetail | Missing
  if (isMissing(news))
    return <MissingRecord message={news.missing} back={paths.news.path} backLabel="返回资讯列表" />
  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Link asChild fontSize="sm" color="fg.muted">
          <RouterLink to={paths.news.path}>← 返回资讯列表</RouterLink>
        </Link>
        <Box as="article" bg="bg" borderRadius="xl" borderWidth="1px" p={{ base: '5', md: '10' }}>
          <Stack gap="3" mb="6">
            <HStack>
              <Badge colorPalette="brand">{news.typeLabel}</Badge>
            </HStack>
            <Heading as="h1" size="2xl" lineHeight="short">
              {news.title}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {formatBeijingDate(news.publishedAt)} · {news.author} · 来源：{news.source} · {news.views}{' '}
              次阅读
            </Text>
          </Stack>
          <Image
            src={assetUrl(news.cover)}
            alt=""
            w="full"
            aspectRatio={16 / 9}
            objectFit="cover"
            borderRadius="lg"
            mb="6"
          />
          <Text fontSize="md" color="fg.muted" bg="bg.muted" p="4" borderRadius="md" mb="6" lineHeight="tall">
            {news.summary}
          </Text>
          <Stack gap="4" data-testid="news-body">
            {news.body.map((block, i) =>
              block.kind === 'heading' ? (
                <Heading key={`${i}-${block.text.slice(0, 8)}`} as="h2" size="md" mt="2">
                  {block.text}
                </Heading>
              ) : (
                <Text key={`${i}-${block.text.slice(0, 8)}`} lineHeight="tall">
                  {block.text}
                </Text>
              ),
            )}
          </Stack>
        </Box>
        {news.related.length > 0 && (
          <Stack gap="2" bg="bg" borderRadius="xl" borderWidth="1px" p="5">
            <Heading as="h2" size="sm">
              同类资讯
            </Heading>
            {news.related.map((r) => (
              <HStack key={r.id} justify="space-between" gap="4">
                <Link asChild lineClamp={1}>
                  <RouterLink to={paths.newsDetail.getHref(r.id)}>{r.title}</RouterLink>
                </Link>
                <Text fontSize="sm" color="fg.muted" flexShrink={0}>
                  {formatBeijingDate(r.publishedAt)}
                </Text>
              </HStack>
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  )
}
