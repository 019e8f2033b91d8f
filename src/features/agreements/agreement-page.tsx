import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react'
import { redirect, useLoaderData } from 'react-router'
import { type Agreement, getAgreement } from '../../api/content.ts'
import { pageHead } from '../../lib/page-head.ts'
import { paths } from '../../lib/paths.ts'

const KEYS = new Set(['user', 'private', 'disclaimer'])

export async function loader({ params }: { params: { key?: string } }) {
  if (!params.key || !KEYS.has(params.key)) throw redirect(paths.notFound.path)
  return getAgreement(params.key)
}

function AgreementView({ doc }: { doc: Agreement }) {
  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
      <Box bg="bg" borderRadius="xl" borderWidth="1px" p={{ base: '5', md: '10' }}>
        <Stack gap="2" mb="6" textAlign="center">
          <Heading as="h1" size="2xl">
            {doc.title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            更新日期：{doc.updatedAt}　生效日期：{doc.effectiveAt}
          </Text>
        </Stack>
        <Text lineHeight="tall" mb="6">
          {doc.intro}
        </Text>
        <Stack gap="6">
          {doc.sections.map((section) => (
            <Stack as="section" key={section.heading} gap="3">
              <Heading as="h2" size="md">
                {section.heading}
              </Heading>
              {section.paragraphs.map((p) => (
                <Text key={p.slice(0, 40)} lineHeight="tall" color="fg" fontSize="sm">
                  {p}
                </Text>
              ))}
            </Stack>
          ))}
        </Stack>
      </Box>
    </Container>
  )
}

export const handle = pageHead<Agreement>((doc) => ({
  title: doc.title,
  description: (doc.intro ?? '').slice(0, 120),
}))

export function Component() {
  const doc = useLoaderData() as Agreement
  return <AgreementView doc={doc} />
}
