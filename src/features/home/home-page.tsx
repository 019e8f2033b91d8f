import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Heading,
  HStack,
  LinkBox,
  LinkOverlay,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react'
import { Link as RouterLink, useLoaderData } from 'react-router'
import { listNews } from '../../api/articles.ts'
import { listCompetitions } from '../../api/competition.ts'
import { listFeaturedDesigners } from '../../api/people.ts'
import { listWorks } from '../../api/works.ts'
import { DeferredHydration } from '../../components/deferred-hydration.tsx'
import { loadPeopleLabels } from '../../components/people-labels.ts'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'
import { useUserStore } from '../../stores/user.ts'
import { FeaturedDesigners } from './featured-designers.tsx'
import { DIRECTORY_LINKS, REALNAME_SERVICE, RIGHTS_STEPS, SERVICES } from './home-content.ts'
import { LatestNews } from './latest-news.tsx'
import { LatestWorks } from './latest-works.tsx'
import { LiveCompetitions } from './live-competitions.tsx'
import { RealnameCard } from './realname-card.tsx'

function Hero() {
  const name = useUserStore((s) => s.name)
  const firstSignIn = useUserStore((s) => s.info?.firstSignIn)
  // A new account is welcomed, not welcomed back: 欢迎回来 is for a returning sign-in.
  const greeting = name ? (firstSignIn ? `${name}，欢迎加入咖簿网。` : `${name}，欢迎回来。`) : ''
  return (
    <Box
      bgGradient="to-br"
      gradientFrom="brand.800"
      gradientTo="brand.600"
      color="white"
      position="relative"
      overflow="hidden"
    >
      <Box
        position="absolute"
        inset="0"
        opacity="0.12"
        backgroundImage="linear-gradient(rgba(255,255,255,.6) 1px, transparent 1px), linear-gradient(90deg, rgba(255,255,255,.6) 1px, transparent 1px)"
        backgroundSize="40px 40px"
        aria-hidden
      />
      <Container maxW="7xl" py={{ base: '14', md: '24' }} position="relative">
        <Stack gap="6" maxW="2xl">
          <Badge alignSelf="start" bg="whiteAlpha.200" color="white" px="3" py="1" borderRadius="full">
            工业设计师认证 · 作品确权 · 设计竞赛
          </Badge>
          <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1.2" fontWeight="bold">
            让每一件原创设计
            <br />
            都有据可查
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.900">
            {greeting}
            咖簿网为工业设计师提供实名认证、年度认证与作品确权服务，以哈希、可信时间戳、公证存证与区块链记录守护您的设计权益。
          </Text>
          <HStack gap="3" flexWrap="wrap">
            <Button asChild size="lg" bg="accent.500" color="white" _hover={{ bg: 'accent.600' }}>
              <RouterLink to={paths.certification.path}>申请设计师认证</RouterLink>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              color="white"
              borderColor="whiteAlpha.600"
              _hover={{ bg: 'whiteAlpha.200' }}
            >
              <RouterLink to={paths.events.path}>查看赛事活动</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </Box>
  )
}

function Services() {
  return (
    <Container maxW="7xl" py={{ base: '10', md: '16' }}>
      <Stack gap="2" mb="8">
        <Heading as="h2" size="2xl">
          平台服务
        </Heading>
        <Text color="fg.muted">从身份核验到作品保护，一站完成。</Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="5">
        {SERVICES.map((s) =>
          s.to === REALNAME_SERVICE ? (
            <RealnameCard key={s.title} mark={s.mark} title={s.title} text={s.text} />
          ) : (
            <LinkBox key={s.title} as="article">
              <Card.Root
                h="full"
                _hover={{ boxShadow: 'md', borderColor: 'brand.300' }}
                transition="all 0.2s"
              >
                <Card.Body gap="3">
                  <Text fontSize="3xl" fontWeight="black" color="brand.400" lineHeight="1">
                    {s.mark}
                  </Text>
                  <Card.Title as="h3">
                    <LinkOverlay asChild>
                      <RouterLink to={s.to}>{s.title}</RouterLink>
                    </LinkOverlay>
                  </Card.Title>
                  <Card.Description>{s.text}</Card.Description>
                </Card.Body>
              </Card.Root>
            </LinkBox>
          ),
        )}
      </SimpleGrid>
    </Container>
  )
}

function RightsSteps() {
  return (
    <Box bg="bg" borderYWidth="1px">
      <Container maxW="7xl" py={{ base: '10', md: '16' }}>
        <Stack gap="2" mb="8">
          <Heading as="h2" size="2xl">
            作品确权流程
          </Heading>
          <Text color="fg.muted">仅限中国大陆居民身份证持有人使用确权服务。</Text>
        </Stack>
        <SimpleGrid as="ol" columns={{ base: 1, md: 5 }} gap="4" listStyleType="none" p="0" m="0">
          {RIGHTS_STEPS.map((step, i) => (
            <Stack as="li" key={step.title} gap="2" p="5" borderRadius="lg" bg="brand.50">
              <HStack gap="2">
                <Box
                  w="7"
                  h="7"
                  borderRadius="full"
                  bg="brand.600"
                  color="white"
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  fontSize="sm"
                  fontWeight="bold"
                >
                  {i + 1}
                </Box>
                <Text fontWeight="semibold">{step.title}</Text>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {step.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  )
}

function Directories() {
  return (
    <Container maxW="7xl" py={{ base: '10', md: '16' }}>
      <Heading as="h2" size="2xl" mb="8">
        发现设计
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="5">
        {DIRECTORY_LINKS.map((d) => (
          <LinkBox
            key={d.title}
            p="5"
            borderRadius="lg"
            borderWidth="1px"
            bg="bg"
            _hover={{ borderColor: 'brand.400' }}
          >
            <LinkOverlay asChild>
              <RouterLink to={d.to}>
                <Text fontWeight="semibold" mb="1">
                  {d.title} →
                </Text>
              </RouterLink>
            </LinkOverlay>
            <Text fontSize="sm" color="fg.muted">
              {d.text}
            </Text>
          </LinkBox>
        ))}
      </SimpleGrid>
    </Container>
  )
}

/**
 * The home page's lists. Each is a bonus to the page, not its purpose: one that fails to load is left
 * out rather than failing the page.
 */
const HOME_WORKS = 4
const HOME_NEWS = 4

export async function loader() {
  const [competitions, designers, labels, works, news] = await Promise.all([
    listCompetitions().catch(() => []),
    listFeaturedDesigners().catch(() => []),
    loadPeopleLabels().catch(() => null),
    listWorks({ pageNum: 1, pageSize: HOME_WORKS })
      .then((page) => page.rows)
      .catch(() => []),
    listNews('', 1, HOME_NEWS)
      .then((page) => page.rows)
      .catch(() => []),
  ])
  return { competitions, designers, labels, works, news }
}

type Data = Awaited<ReturnType<typeof loader>>

export const handle = pageHead(
  () => ({
    title: '咖簿网 - 工业设计师认证与作品确权平台',
    fullTitle: true,
    // /index is the same page (SPEC §2): one address for search engines.
    canonical: paths.home.path,
  }),
  {
    // Read first: the lists below and the header's links work as plain HTML until the visitor moves.
    startsWhenUsed: true,
  },
)

export function Component() {
  const { competitions, designers, labels, works, news } = useLoaderData() as Data
  return (
    <>
      <Hero />
      <Services />
      {/* Below the fold and the same for every visitor: each list hydrates as it nears the viewport,
          so a phone's first seconds go to the part it shows (the lists cost ~0.3 s of main thread). */}
      <DeferredHydration>
        <LiveCompetitions competitions={competitions} />
      </DeferredHydration>
      <DeferredHydration>
        <FeaturedDesigners designers={designers} labels={labels} />
      </DeferredHydration>
      <DeferredHydration>
        <LatestWorks works={works} />
      </DeferredHydration>
      <DeferredHydration>
        <LatestNews news={news} />
      </DeferredHydration>
      <DeferredHydration>
        <RightsSteps />
        <Directories />
      </DeferredHydration>
    </>
  )
}
