import { Avatar, HStack, Separator, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import type { WorkCreator } from '../../../schemas/api/works.ts'
import { provinceAndCity } from '../../../schemas/regions.ts'
import { assetUrl, paths, worksIndexPath } from '../../lib/paths.ts'
import { useDictLabels, useRegionNames } from '../use-dict-labels.ts'

/**
 * The creator (SPEC §2, §3 userBaseVO): avatar, username, evaluate standard, city names joined by a
 * space, a separator, the professional label; a click goes to /designer/detail?id (or, for a creator
 * not in the directory, to their works at /works/index?userId). The professional
 * code and the city id become labels once the dictionary and region lookups finish (§4); until then
 * the city shows the names the work came with.
 */
export function CreatorCard({ creator }: { creator: WorkCreator }) {
  const professionals = useDictLabels('sys_professional_type')
  const standards = useDictLabels('sys_evaluate_standard')
  const regionNames = useRegionNames(creator.cityId)
  // Province and city, as §3 has it (a list of two), also when the id names a district.
  const city = (regionNames ? provinceAndCity(regionNames) : creator.cityNames).join(' ')
  const professional = creator.professional ? professionals?.get(creator.professional) : undefined
  const standard = creator.evaluateStandard
    ? (standards?.get(creator.evaluateStandard) ?? (standards ? creator.evaluateStandard : undefined))
    : undefined
  return (
    <RouterLink
      // A creator outside the designer directory has no page there: their works are their page.
      to={
        creator.inDirectory === false
          ? worksIndexPath({ userId: creator.id })
          : paths.designerDetail.getHref(creator.id)
      }
      data-testid="work-creator"
    >
      <HStack
        gap="4"
        p="4"
        borderWidth="1px"
        borderRadius="lg"
        bg="bg"
        _hover={{ borderColor: 'brand.300', boxShadow: 'sm' }}
        transition="all 0.2s"
      >
        <Avatar.Root size="lg" colorPalette="brand">
          <Avatar.Fallback name={creator.username} />
          {creator.profilePhoto && <Avatar.Image src={assetUrl(creator.profilePhoto)} alt="" />}
        </Avatar.Root>
        <Stack gap="1" minW="0">
          <HStack gap="2">
            <Text fontWeight="semibold">{creator.username}</Text>
            {standard && (
              <Text fontSize="sm" color="brand.600" data-testid="creator-standard">
                {standard}
              </Text>
            )}
          </HStack>
          <HStack gap="2" fontSize="sm" color="fg.muted" minH="5">
            <Text data-testid="creator-city">{city}</Text>
            {city && professional && <Separator orientation="vertical" h="3" />}
            {professional && <Text data-testid="creator-professional">{professional}</Text>}
          </HStack>
        </Stack>
      </HStack>
    </RouterLink>
  )
}
