import { Box, Text } from '@chakra-ui/react'
import { Link } from 'react-router'
import type { LogoWallProps } from '../../../../../definitions/landing/sections/logo-wall.ts'
import { LandingImage } from '../../parts/landing-image.tsx'

type Logo = LogoWallProps['groups'][number]['logos'][number]

/**
 * One organisation on a white tile: its logo as a mark above its name, written as text. A name
 * drawn inside the picture shrank with the tile to ~9 px on phones; text wraps and keeps its size.
 * The picture's alt text is left out because the name beside it already says who it is. With an
 * href the whole tile is a link (portal paths in-app, others in a new tab).
 */
export function LogoTile({ logo }: { logo: Logo }) {
  const body = (
    <>
      <LandingImage
        image={{ ...logo.image, alt: '' }}
        h={{ base: 10, md: 12 }}
        w="auto"
        maxW="full"
        fit="contain"
        flexShrink={0}
      />
      <Text fontSize={{ base: 'sm', md: 'md' }} fontWeight="medium" lineHeight="1.35" textWrap="balance">
        {logo.name}
      </Text>
    </>
  )
  const link = logo.href?.startsWith('/') ? (
    <Link to={logo.href}>{body}</Link>
  ) : logo.href ? (
    <a href={logo.href} target="_blank" rel="noopener">
      {body}
    </a>
  ) : undefined
  return (
    <Box
      display="flex"
      flexDirection="column"
      alignItems="center"
      // Marks at one height in a row, whether the name below takes one line or two.
      justifyContent="flex-start"
      gap="2"
      textAlign="center"
      // Widths shared with render.tsx's row sums (11rem, 12rem).
      w={{ base: 'calc(50% - 0.375rem)', sm: '44', md: '48' }}
      minH={{ base: 28, md: 32 }}
      px="3"
      py="4"
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      borderRadius="xl"
      transition="box-shadow 0.2s, border-color 0.2s"
      _hover={logo.href ? { boxShadow: 'md', borderColor: 'brand.200' } : undefined}
      css={{
        '& > a': {
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'flex-start',
          gap: '2',
          w: 'full',
          h: 'full',
          color: 'inherit',
        },
      }}
    >
      {link ?? body}
    </Box>
  )
}
