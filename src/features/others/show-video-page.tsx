import { Button, Container, Heading, Stack } from '@chakra-ui/react'
import { Link as RouterLink, useLoaderData } from 'react-router'
import { getShowcaseVideo, type HistoryVideo } from '../../api/articles.ts'
import { FoldText } from '../../components/fold-text.tsx'
import { VideoPlayer } from '../../components/video-player.tsx'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'

export const loader = () => getShowcaseVideo()

export const handle = pageHead<HistoryVideo>((v) => ({
  title: v.title,
  description: v.description.slice(0, 120),
  image: v.cover,
}))

/** /others/showVideo1 (SPEC §2 Miscellaneous): the association's promotional film. */
export function Component() {
  const v = useLoaderData() as HistoryVideo
  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }}>
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          {v.title}
        </Heading>
        <VideoPlayer src={v.videoUrl} poster={v.cover} title={v.title} />
        <FoldText text={v.description} />
        <Button asChild variant="outline" alignSelf="flex-start">
          <RouterLink to={paths.historyVideos.path}>更多历史视频</RouterLink>
        </Button>
      </Stack>
    </Container>
  )
}
