import { Box, Heading, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { Palette } from '../../../../../definitions/landing/palette.ts'
import type { SignupProps } from '../../../../../definitions/landing/sections/signup.ts'
import { formatBeijing } from '../../../../lib/beijing-time.ts'
import { useRenderInstant } from '../../../../lib/render-clock.ts'
import { SectionFrame } from '../../parts/frame.tsx'
import { SignupForm } from './signup-form.tsx'

// The shared form kit fixes its submit button and tick box to the site blue (colorPalette="brand");
// here they take the page's palette. A nested selector outranks the button's own class.
const formInPalette = (palette: Palette) => ({
  '& button[type=submit], & [data-scope=checkbox]': { colorPalette: palette },
})

/** The sign-up form the page names (schemas/forms); after closesAt only a notice remains. */
export default function Signup({
  title,
  description,
  form,
  closesAt,
  submitLabel,
  successTitle,
  successText,
  palette,
}: SignupProps) {
  // Decided once when the section appears: a form must not vanish while someone is filling it in.
  // The page's render instant, not the clock: the server's markup and the hydrating browser agree.
  const now = useRenderInstant()
  const [closed] = useState(() => closesAt !== undefined && Date.parse(closesAt) <= now)
  return (
    // The centred column the FAQ shares, so a form and the questions below it line up.
    <SectionFrame narrow colorPalette={palette} css={formInPalette(palette)}>
      <Stack gap="2" mb={{ base: 6, md: 8 }} textAlign="center" align="center">
        <Heading as="h2" size="2xl">
          {title}
        </Heading>
        {description && (
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} lineHeight="tall" whiteSpace="pre-line">
            {description}
          </Text>
        )}
        {closesAt && !closed && (
          <Text
            fontSize="sm"
            fontWeight="medium"
            color="accent.600"
            bg="orange.50"
            px="3"
            py="1"
            borderRadius="full"
          >
            {/* In Beijing time on any device clock: "18:00" on the page is the "18:00" in the page file. */}
            报名截止：{formatBeijing(Date.parse(closesAt))}
          </Text>
        )}
      </Stack>
      <Box
        bg="bg"
        borderWidth="1px"
        borderColor="border"
        borderRadius="2xl"
        boxShadow="sm"
        px={{ base: 4, md: 10 }}
        py={{ base: 6, md: 8 }}
      >
        {closed ? (
          <Stack role="status" align="center" textAlign="center" gap="2" py="6">
            <Text fontSize="xl" fontWeight="bold">
              报名已截止
            </Text>
            <Text color="fg.muted">感谢关注，本次活动已停止接受报名。</Text>
          </Stack>
        ) : (
          <SignupForm
            form={form}
            submitLabel={submitLabel}
            successTitle={successTitle}
            successText={successText}
          />
        )}
      </Box>
    </SectionFrame>
  )
}
