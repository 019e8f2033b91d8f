import {
  Box,
  Button,
  Card,
  Container,
  Heading,
  HStack,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react'
import { Link as RouterLink, useLoaderData } from 'react-router'
import { certFeeText, certTermText } from '../../../schemas/payment.ts'
import { getCertificationOverview, listCertified } from '../../api/certificates.ts'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'
import { DirectoryGrid } from './directory.tsx'

const RECENT = 6

export async function loader() {
  const [overview, recent] = await Promise.all([getCertificationOverview(), listCertified('', 1, RECENT)])
  return { overview, recent }
}

type Data = Awaited<ReturnType<typeof loader>>

export const handle = pageHead<Data>((data) => ({
  title: '设计师认证',
  description: `咖簿网工业设计师年度认证：实名认证后缴纳认证费 ${certFeeText(data.overview.approveMoney, data.overview.validYears)}，获得可在线查验的认证证书。`,
}))

const STEPS = [
  { title: '实名认证', text: '提交真实身份信息完成实名核验，一个账号对应一个身份。' },
  { title: '缴纳认证费', text: '余额、在线支付或微信扫码支付，缴费后即时生效。' },
  { title: '获得证书', text: '系统颁发电子证书（图片与 A4 PDF），证书二维码可在线查验真伪。' },
  { title: '每年续费', text: `有效期${certTermText()}；到期前续费自原到期日起顺延，不浪费一天。` },
] as const

/** /certification/index (SPEC §2 Certification): what certification is, its fee and steps, who holds it. */
export function Component() {
  const { overview, recent } = useLoaderData() as Data
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="10">
        <Box bg="brand.900" color="white" borderRadius="2xl" p={{ base: '6', md: '10' }}>
          <Stack gap="4" maxW="2xl">
            <Heading as="h1" size="3xl">
              工业设计师年度认证
            </Heading>
            <Text fontSize="lg" color="whiteAlpha.800">
              由协会颁发、可公开查验的设计师资格证明。认证费{' '}
              {certFeeText(overview.approveMoney, overview.validYears)}，有效期 {overview.validYears} 年。
            </Text>
            <Text data-testid="certified-count" color="whiteAlpha.800">
              目前共有 {overview.certifiedCount} 位认证设计师
            </Text>
            <HStack gap="3" wrap="wrap">
              <Button asChild colorPalette="orange" size="lg">
                <RouterLink to={paths.certApply.path}>申请认证</RouterLink>
              </Button>
              <Button
                asChild
                variant="outline"
                size="lg"
                color="white"
                borderColor="whiteAlpha.600"
                _hover={{ bg: 'whiteAlpha.200' }}
              >
                <RouterLink to={paths.authSearch.path}>查验证书</RouterLink>
              </Button>
            </HStack>
          </Stack>
        </Box>

        <Stack gap="4">
          <Heading as="h2" size="xl">
            认证流程
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            {STEPS.map((step, i) => (
              <Card.Root key={step.title}>
                <Card.Body gap="2">
                  <Text fontSize="2xl" fontWeight="black" color="brand.400">
                    {String(i + 1).padStart(2, '0')}
                  </Text>
                  <Card.Title as="h3">{step.title}</Card.Title>
                  <Card.Description>{step.text}</Card.Description>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="4">
          <HStack justify="space-between">
            <Heading as="h2" size="xl">
              最新认证设计师
            </Heading>
            <Link asChild color="brand.600">
              <RouterLink to={paths.certificationSearch.path}>查找认证设计师</RouterLink>
            </Link>
          </HStack>
          {recent.rows.length ? (
            <DirectoryGrid rows={recent.rows} />
          ) : (
            <Text color="fg.muted">暂无认证设计师</Text>
          )}
        </Stack>

        <Text fontSize="sm" color="fg.muted">
          想邀请同行一起认证？看看
          <Link asChild color="brand.600">
            <RouterLink to={paths.certificationPromote.path}>认证推广</RouterLink>
          </Link>
          。
        </Text>
      </Stack>
    </Container>
  )
}
