import { Box, Container, Flex, HStack, Link, Separator, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { beijingYear } from '../../../schemas/beijing-time.ts'
import { BrandLogo } from '../../components/brand-logo.tsx'
import { paths } from '../../lib/paths.ts'
import { useRenderInstant } from '../../lib/render-clock.ts'
import { AGREEMENT_LINKS, SITE_INFO } from './site-info.ts'

/** The footer without data fetching; `partners` is the carousel slot (lazy in the app, a stub in stories). */
export function FooterView({ partners }: { partners: ReactNode }) {
  // The year at the page's render instant in Beijing time, the same on the server and in the browser.
  const year = beijingYear(useRenderInstant())
  return (
    <Box as="footer" bg="brand.950" color="whiteAlpha.800" mt="auto">
      <Box bg="bg" color="fg" borderTopWidth="1px">
        <Container maxW="7xl" py="6">
          <Text fontSize="sm" fontWeight="semibold" color="fg.muted" mb="3">
            合作伙伴
          </Text>
          {partners}
        </Container>
      </Box>
      <Container maxW="7xl" py="10">
        <Flex direction={{ base: 'column', md: 'row' }} gap="8" justify="space-between">
          <Stack gap="3" maxW="md">
            <BrandLogo inverted />
            <Text fontSize="sm">工业设计师实名认证、年度认证、作品确权与设计竞赛服务平台。</Text>
          </Stack>
          <Stack gap="2" fontSize="sm">
            <Text fontWeight="semibold" color="white">
              联系我们
            </Text>
            {SITE_INFO.contacts.map((c) => (
              <Text key={c.label}>
                {c.label}：{c.value}
              </Text>
            ))}
            <Text>地址：{SITE_INFO.address}</Text>
          </Stack>
          <Stack gap="2" fontSize="sm">
            <Text fontWeight="semibold" color="white">
              协议与声明
            </Text>
            {AGREEMENT_LINKS.map((a) => (
              <Link key={a.key} asChild color="whiteAlpha.800" _hover={{ color: 'white' }}>
                <RouterLink to={paths.agreement.getHref(a.key)}>{a.label}</RouterLink>
              </Link>
            ))}
          </Stack>
        </Flex>
        <Separator my="6" borderColor="whiteAlpha.300" />
        {/* 13 px on phones: the 12 px line was the smallest text on a small screen. */}
        <HStack
          gap={{ base: '2', md: '6' }}
          fontSize={{ base: '13px', md: 'xs' }}
          color="whiteAlpha.700"
          flexWrap="wrap"
        >
          <Text>
            © {year} {SITE_INFO.company}
          </Text>
          <Text>{SITE_INFO.icp}</Text>
          <Text>{SITE_INFO.police}</Text>
        </HStack>
      </Container>
    </Box>
  )
}
