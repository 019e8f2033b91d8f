import { Box, Button, Container, Heading, HStack, Link, Separator, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { RESUME_SECTIONS, resumeSchema } from '../../../schemas/forms/resume.ts'
import { getResume, RESUME_PDF_URL } from '../../api/account.ts'
import { paths } from '../../lib/paths.ts'
import { isExternalUrl } from '../../lib/safe-url.ts'
import { useLoad } from '../../lib/use-load.ts'
import { useTitle } from '../../lib/use-title.ts'
import { TabFrame } from './tab-frame.tsx'

/** /mine/cvself (SPEC §2): the designer's résumé as others would read it, with its A4 PDF. */
export function Component() {
  useTitle('我的简历')
  const loaded = useLoad(getResume, [])
  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <TabFrame loaded={loaded}>
        {(resume) =>
          !resume ? (
            <Stack gap="4" align="flex-start" data-testid="resume-empty">
              <Heading as="h1" size="xl">
                我的简历
              </Heading>
              <Text color="fg.muted">还没有填写简历。</Text>
              <Button asChild colorPalette="brand">
                <RouterLink to={paths.resumeEdit.path}>填写简历</RouterLink>
              </Button>
            </Stack>
          ) : (
            <Stack gap="6">
              <HStack justify="flex-end" gap="3">
                <Button asChild variant="outline" size="sm">
                  <RouterLink to={paths.resumeEdit.path}>编辑</RouterLink>
                </Button>
                <Button asChild colorPalette="brand" size="sm">
                  <a href={RESUME_PDF_URL} download data-testid="resume-pdf">
                    导出 PDF
                  </a>
                </Button>
              </HStack>
              <Box
                as="article"
                bg="bg"
                borderWidth="1px"
                borderRadius="lg"
                p={{ base: '6', md: '10' }}
                data-testid="resume"
              >
                <Stack gap="1">
                  <Heading as="h1" size="2xl" color="brand.800">
                    {resume.realName}
                  </Heading>
                  <Text fontSize="lg" color="fg.muted">
                    {resume.title}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {[
                      resume.years !== undefined ? `从业 ${resume.years} 年` : '',
                      resume.cityNames.join(' '),
                      resume.phone,
                      resume.email,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Stack>
                <Separator my="6" borderColor="brand.700" />
                <Stack gap="6">
                  {RESUME_SECTIONS.filter((key) => resume[key]).map((key) => (
                    <Stack as="section" key={key} gap="2">
                      <Heading as="h2" size="md" color="brand.800">
                        {resumeSchema.properties[key].title}
                      </Heading>
                      <Text whiteSpace="pre-line" lineHeight="tall">
                        {resume[key]}
                      </Text>
                    </Stack>
                  ))}
                  {resume.portfolio && isExternalUrl(resume.portfolio) && (
                    <Text fontSize="sm">
                      作品集：
                      <Link
                        href={resume.portfolio}
                        target="_blank"
                        rel="noopener noreferrer nofollow"
                        color="brand.600"
                      >
                        {resume.portfolio}
                      </Link>
                    </Text>
                  )}
                </Stack>
              </Box>
            </Stack>
          )
        }
      </TabFrame>
    </Container>
  )
}
