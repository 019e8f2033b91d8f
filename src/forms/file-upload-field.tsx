import { Box, Button, Field, HStack, Image, Link, Progress, Stack, Text } from '@chakra-ui/react'
import type { FieldProps } from '@rjsf/utils'
import { useContext, useRef, useState } from 'react'
import { uploadFile } from '../api/common.ts'
import { UploadsInProgress } from './uploads-in-progress.ts'

/** A file as form data keeps it: the server's URL and the name it had on the entrant's disk. */
interface UploadedFileValue {
  fileUrl: string
  fileOgName: string
}

/** `ui:options` of the `file-upload` field. */
interface FileUploadOptions {
  /** Extensions allowed, lower case without the dot: ['jpg', 'jpeg', 'png']. */
  accept: string[]
  /** How many files the field holds (1 for a single-file field). */
  maxFiles: number
  /** Largest file, in MB (the server takes at most 20). */
  maxSizeMb: number
}

const SERVER_MAX_MB = 20
const IMAGE = /\.(?:jpe?g|png|gif|webp|bmp)$/i

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? ''

/** The field's options read from its uiSchema, with safe defaults. */
function uploadOptions(raw: Record<string, unknown>, multiple: boolean): FileUploadOptions {
  const accept = Array.isArray(raw.accept) ? raw.accept.map((e) => String(e).toLowerCase()) : []
  const maxFiles = multiple && typeof raw.maxFiles === 'number' && raw.maxFiles > 0 ? raw.maxFiles : 1
  const size = typeof raw.maxSizeMb === 'number' && raw.maxSizeMb > 0 ? raw.maxSizeMb : SERVER_MAX_MB
  return { accept, maxFiles: multiple ? maxFiles : 1, maxSizeMb: Math.min(size, SERVER_MAX_MB) }
}

/**
 * Why the browser refuses a file before sending it (type, size), or undefined. The server checks again
 * by extension and content; these messages save the entrant a 20 MB upload that would be refused.
 */
function fileProblem(file: { name: string; size: number }, options: FileUploadOptions): string | undefined {
  if (options.accept.length && !options.accept.includes(extensionOf(file.name)))
    return `「${file.name}」格式不支持，仅支持 ${options.accept.join('、')} 格式`
  if (file.size > options.maxSizeMb * 1024 * 1024)
    return `「${file.name}」超过${options.maxSizeMb}MB，请压缩后上传`
  if (file.size === 0) return `「${file.name}」是空文件`
  return undefined
}

const isUploaded = (value: unknown): value is UploadedFileValue =>
  !!value && typeof value === 'object' && typeof (value as UploadedFileValue).fileUrl === 'string'

/**
 * The `file-upload` field (`'ui:field': 'file-upload'`): for an object field one file, for an array
 * field up to `ui:options.maxFiles`. Each file is checked (type from `ui:options.accept`, size from
 * `maxSizeMb`), uploaded to POST /api/common/upload with a progress bar, and kept in form data as
 * {fileUrl, fileOgName}: the server's URL, never the file's bytes or a data-URL.
 */
export function FileUploadField(props: FieldProps) {
  const {
    schema,
    uiSchema,
    formData,
    onChange,
    onBlur,
    fieldPathId,
    disabled,
    readonly,
    required,
    rawErrors,
  } = props
  const multiple = schema.type === 'array'
  const options = uploadOptions((uiSchema?.['ui:options'] ?? {}) as Record<string, unknown>, multiple)
  const files: UploadedFileValue[] = multiple
    ? (Array.isArray(formData) ? formData : []).filter(isUploaded)
    : isUploaded(formData)
      ? [formData]
      : []
  const input = useRef<HTMLInputElement>(null)
  const beginUpload = useContext(UploadsInProgress)
  const [progress, setProgress] = useState<{ name: string; percent: number }>()
  const [error, setError] = useState<string>()
  const busy = progress !== undefined
  const id = fieldPathId.$id
  const title = (uiSchema?.['ui:title'] as string | undefined) ?? schema.title ?? props.name

  const commit = (next: UploadedFileValue[]) => {
    const value = multiple ? next : next[0]
    onChange(value, fieldPathId.path)
    // Counted as checked once the form holds the new value (RJSF applies a change on its next render).
    setTimeout(() => onBlur(id, value), 0)
  }

  const pick = async (chosen: File[]) => {
    setError(undefined)
    if (!chosen.length) return
    const room = options.maxFiles - (multiple ? files.length : 0)
    if (multiple && chosen.length > room) {
      setError(`最多上传${options.maxFiles}个文件，还可以上传${Math.max(room, 0)}个`)
      return
    }
    const problem = chosen.map((file) => fileProblem(file, options)).find(Boolean)
    if (problem) {
      setError(problem)
      return
    }
    const uploaded: UploadedFileValue[] = []
    const endUpload = beginUpload?.()
    try {
      for (const file of chosen) {
        setProgress({ name: file.name, percent: 0 })
        const result = await uploadFile(file, (percent) => setProgress({ name: file.name, percent }))
        uploaded.push({ fileUrl: result.url, fileOgName: result.fileName || file.name })
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : '上传失败，请重试')
    } finally {
      setProgress(undefined)
      if (input.current) input.current.value = ''
    }
    // Files that did upload are kept even when a later one failed.
    if (uploaded.length) commit(multiple ? [...files, ...uploaded] : uploaded)
    // Only now, with the files in the form, may it be sent.
    endUpload?.()
  }

  const remove = (index: number) => commit(files.filter((_, i) => i !== index))
  const full = files.length >= options.maxFiles
  const locked = disabled || readonly

  return (
    <Field.Root required={required} disabled={locked} invalid={!!rawErrors?.length} mb="1">
      <Field.Label htmlFor={id}>
        {title}
        <Field.RequiredIndicator />
      </Field.Label>
      <Stack gap="2" width="full" data-testid="file-upload">
        <input
          ref={input}
          id={id}
          type="file"
          hidden
          multiple={multiple && options.maxFiles > 1}
          accept={options.accept.length ? options.accept.map((e) => `.${e}`).join(',') : undefined}
          onChange={(e) => pick([...(e.target.files ?? [])])}
        />
        {files.map((file, index) => (
          <HStack key={`${file.fileUrl}-${index}`} gap="3" borderWidth="1px" borderRadius="md" px="3" py="2">
            {IMAGE.test(file.fileUrl) && (
              <Image
                src={file.fileUrl}
                alt=""
                boxSize="12"
                objectFit="cover"
                borderRadius="sm"
                flexShrink={0}
              />
            )}
            <Link
              href={file.fileUrl}
              target="_blank"
              rel="noopener"
              fontSize="sm"
              color="brand.600"
              truncate
              flex="1"
              minW="0"
            >
              {file.fileOgName}
            </Link>
            {!locked && (
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={`移除 ${file.fileOgName}`}
                disabled={busy}
                onClick={() => remove(index)}
              >
                移除
              </Button>
            )}
          </HStack>
        ))}
        {busy && (
          <Box>
            <Text fontSize="xs" color="fg.muted" mb="1">
              正在上传 {progress.name} … {progress.percent}%
            </Text>
            <Progress.Root value={progress.percent} size="sm" colorPalette="brand" aria-label="上传进度">
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          </Box>
        )}
        {!locked && (!full || !multiple) && (
          <Box>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
              {files.length && !multiple ? '重新上传' : '选择文件'}
            </Button>
            {multiple && (
              <Text as="span" fontSize="xs" color="fg.muted" ms="3">
                {files.length} / {options.maxFiles}
              </Text>
            )}
          </Box>
        )}
        {error && (
          <Text fontSize="sm" color="fg.error" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Field.Root>
  )
}
