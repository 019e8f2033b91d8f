import { Box } from '@chakra-ui/react'
import { Link } from 'react-router'
import { LandingImage } from '../../parts/landing-image.tsx'
import type { LogoWallProps } from './index.ts'

type Logo = LogoWallProps['groups'][number]['logos'][number]

/** One logo on a white tile; with an href the tile is a link (portal paths in-app, others in a new tab). */
export function LogoTile({ logo }: { logo: Logo }) {
  const image = (
    <LandingImage
      image={logo.image}
      maxH={{ base: 12, md: 16 }}
      maxW="full"
      w="auto"
      h="auto"
      fit="contain"
    />
  )
  const link = logo.href?.startsWith('/') ? (
    <Link to={logo.href} title={logo.name}>
      {image}
    </Link>
  ) : logo.href ? (
    <a href={logo.href} target="_blank" rel="noopener" title={logo.name}>
      {image}
    </a>
  ) : undefined
  return (
    <Box
      display="flex"
      alignItems="center"
      justifyContent="center"
      w={{ base: 'calc(50% - 0.375rem)', sm: '44', md: '48' }}
      h={{ base: 20, md: 24 }}
      px="3"
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      borderRadius="xl"
      title={link ? undefined : logo.name}
      transition="box-shadow 0.2s, border-color 0.2s"
      _hover={logo.href ? { boxShadow: 'md', borderColor: 'brand.200' } : undefined}
      css={{
        '& > a': { display: 'flex', alignItems: 'center', justifyContent: 'center', w: 'full', h: 'full' },
      }}
    >
      {link ?? image}
    </Box>
  )
}
