import { Button, Group, Input } from '@chakra-ui/react'
import { toAddress } from '../../lib/paths.ts'

/**
 * A keyword search that is a plain GET form: it works before the page's code has run and without
 * JavaScript, and React Router takes it over once it has.
 */
export function SearchForm({
  action,
  name,
  defaultValue,
  placeholder,
  label,
}: {
  action: string
  name: string
  defaultValue: string
  placeholder: string
  label: string
}) {
  return (
    <search>
      <form action={toAddress(action)} method="get">
        <Group attached w="full" maxW="xl">
          <Input
            name={name}
            defaultValue={defaultValue}
            placeholder={placeholder}
            aria-label={placeholder}
            bg="bg"
          />
          <Button type="submit" colorPalette="brand">
            {label}
          </Button>
        </Group>
      </form>
    </search>
  )
}
