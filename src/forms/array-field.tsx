import { Box, Button, Stack, Text } from '@chakra-ui/react'
import {
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  buttonId,
  getTemplate,
  getUiOptions,
  type IconButtonProps,
} from '@rjsf/utils'

/**
 * Lists of objects (team members, advisers) in the site's look: each item a bordered card with its
 * buttons, an add button that says what it adds (`ui:options.addLabel`). RJSF's own templates assume
 * Bootstrap's grid and glyph icons, which this site does not load.
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, disabled, fieldPathId, uiSchema, items, onAddClick, readonly, registry, required, schema } =
    props
  const options = getUiOptions(uiSchema)
  const title = options.title || props.title
  const Description = getTemplate('ArrayFieldDescriptionTemplate', registry, options)
  return (
    <Stack as="fieldset" id={fieldPathId.$id} gap="3" minW="0">
      {title && (
        <Text as="legend" fontWeight="medium" fontSize="sm" mb="1">
          {title}
          {required && (
            <Text as="span" color="fg.error" ms="1">
              *
            </Text>
          )}
        </Text>
      )}
      <Description
        fieldPathId={fieldPathId}
        description={options.description || schema.description}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      {items}
      {canAdd && !readonly && (
        <Box>
          <Button
            id={buttonId(fieldPathId, 'add')}
            size="sm"
            variant="outline"
            colorPalette="brand"
            onClick={onAddClick}
            disabled={disabled}
          >
            ＋ {typeof options.addLabel === 'string' ? options.addLabel : '添加'}
          </Button>
        </Box>
      )}
    </Stack>
  )
}

export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, registry, uiSchema, index } = props
  const Buttons = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema))
  return (
    <Box borderWidth="1px" borderColor="border" borderRadius="md" px="4" pt="2" pb="3" position="relative">
      <Box display="flex" alignItems="center" justifyContent="space-between" mb="1">
        <Text fontSize="xs" color="fg.muted">
          第 {index + 1} 项
        </Text>
        {hasToolbar && (
          <Box display="flex" gap="1">
            <Buttons {...buttonsProps} />
          </Box>
        )}
      </Box>
      {children}
    </Box>
  )
}

/** A small text button: the words say what it does, no icon font needed. */
const textButton = (label: string, palette?: string) =>
  function TextButton({ onClick, disabled, id, className }: IconButtonProps) {
    return (
      <Button
        id={id}
        className={className}
        size="xs"
        variant="ghost"
        colorPalette={palette}
        onClick={onClick}
        disabled={disabled}
      >
        {label}
      </Button>
    )
  }

export const BUTTON_TEMPLATES = {
  AddButton: textButton('＋ 添加', 'brand'),
  RemoveButton: textButton('删除', 'red'),
  MoveUpButton: textButton('上移'),
  MoveDownButton: textButton('下移'),
  CopyButton: textButton('复制'),
}
