import { Box, Button, HStack, Link, Progress, Stack, Text } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'
import { useRef, useState } from 'react'
import { uploadFile } from '../../api/common.ts'
import { WidgetField } from './widget-field.tsx'

const fileNameOf = (url: string) => url.split('/').pop() ?? url

/**
 * Uploads the chosen file to the server with a progress bar and keeps the returned URL in the form
 * data (never a data-URL). `ui:options.accept` narrows the file picker.
 */
function FileUploadControl({ id, value, onChange, onBlur, options, disabled, readonly }: WidgetProps) {
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number>()
  const [name, setName] = useState<string>()
  const [error, setError] = useState<string>()
  const busy = progress !== undefined

  const pick = async (file: File | undefined) => {
    if (!file) return
    setError(undefined)
    setName(file.name)
    setProgress(0)
    try {
      const uploaded = await uploadFile(file, setProgress)
      onChange(uploaded.url)
    } catch (e) {
      setError(e instanceof Error ? e.message : '上传失败')
    } finally {
      setProgress(undefined)
      if (input.current) input.current.value = ''
      onBlur(id, value)
    }
  }

  return (
    <Stack gap="2" data-testid="file-upload">
      <input
        ref={input}
        id={id}
        type="file"
        hidden
        accept={typeof options.accept === 'string' ? options.accept : undefined}
        onChange={(e) => pick(e.target.files?.[0])}
      />
      <HStack gap="3">
        <Button
          size="sm"
          variant="outline"
          disabled={disabled || readonly || busy}
          onClick={() => input.current?.click()}
        >
          {value ? '重新上传' : '选择文件'}
        </Button>
        {value && !busy && (
          <Link
            href={value}
            target="_blank"
            rel="noopener"
            fontSize="sm"
            color="brand.600"
            truncate
            maxW="60"
          >
            {name ?? fileNameOf(value)}
          </Link>
        )}
        {value && !busy && !readonly && (
          <Button size="xs" variant="ghost" onClick={() => onChange(undefined)}>
            移除
          </Button>
        )}
      </HStack>
      {busy && (
        <Box>
          <Text fontSize="xs" color="fg.muted" mb="1">
            正在上传 {name} … {progress}%
          </Text>
          <Progress.Root value={progress} size="sm" colorPalette="brand" aria-label="上传进度">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Box>
      )}
      {error && (
        <Text fontSize="sm" color="fg.error">
          {error}
        </Text>
      )}
    </Stack>
  )
}

export function FileUploadWidget(props: WidgetProps) {
  return (
    <WidgetField props={props}>
      <FileUploadControl {...props} />
    </WidgetField>
  )
}
