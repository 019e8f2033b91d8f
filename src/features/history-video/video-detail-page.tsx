import { Container, Heading, Link, Stack, Text } from '@chakra-ui/react'
import { type LoaderFunctionArgs, Link as RouterLink, redirect, useLoaderData } from 'react-router'
import { formatBeijingDate } from '../../../schemas/beijing-time.ts'
import { getVideo, type HistoryVideo } from '../../api/articles.ts'
import { FoldText } from '../../components/fold-text.tsx'
import { isMissing, type Missing, MissingRecord, orMissing } from '../../components/missing-record.tsx'
import { VideoPlayer } from '../../components/video-player.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'
import { clock } from './clock.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get('id'))
  if (!Number.isInteger(id) || id < 1) throw redirect(paths.historyVideos.path)
  return orMissing(getVideo(id))
}

export const handle = pageHead<HistoryVideo | Missing>((v) =>
  isMissing(v)
    ? { title: v.missing }
    : {
        title: v.title,
        description: v.description.slice(0, 120),
        image: v.cover,
        // The id is in the query, which the default canonical (the path) leaves out.
        canonical: paths.historyVideoDetail.getHref(v.id),
      },
)

/** /historyVideo/detail?id (SPEC §2): the film with controls, 520 px high (§9). */
export function Component() {
  const v = useLoaderData() as HistoryVideo | Missing
  if (isMissing(v))
    return <MissingRecord message={v.missing} back={paths.historyVideos.path} backLabel="返回历史视频" />
  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }}>
      <Stack gap="5">
        <Link asChild fontSize="sm" color="fg.muted">
          <RouterLink to={paths.historyVideos.path}>← 返回历史视频</RouterLink>
        </Link>
        <Heading as="h1" size="2xl">
          {v.title}
        </Heading>
        <VideoPlayer src={v.videoUrl} poster={v.cover} title={v.title} />
        <Text fontSize="sm" color="fg.muted">
          {v.event} · {v.year} 年 · 时长 {clock(v.durationSeconds)} · 发布于{' '}
          {formatBeijingDate(v.publishedAt)}
        </Text>
        <FoldText text={v.description} />
      </Stack>
    </Container>
  )
}
