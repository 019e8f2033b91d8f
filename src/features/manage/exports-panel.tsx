import { Badge, Box, Button, HStack, Link, Progress, Stack, Text, Wrap } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { type ExportFile, exportFileUrl, listExports, requestExport } from '../../api/manage.ts'
import { useLoad } from '../../lib/use-load.ts'

/** While an export is queued or being made, the list is read again this often. */
const POLL_MS = 2000

const KINDS: Array<{ kind: ExportFile['kind']; label: string }> = [
  { kind: 'entries.xlsx', label: '导出报名表（XLSX）' },
  { kind: 'works.zip', label: '导出作品文件（ZIP）' },
]

const PALETTE: Record<ExportFile['status'], string> = {
  queued: 'gray',
  running: 'blue',
  ready: 'green',
  failed: 'red',
  expired: 'gray',
}

/** 1.2 MB, 340 KB, 512 B. */
function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} B`
}

function progressText(file: ExportFile): string {
  if (file.kind === 'works.zip') return `已打包 ${file.progress} 个文件`
  return file.total === null ? `已写入 ${file.progress} 行` : `已写入 ${file.progress} / ${file.total} 行`
}

/**
 * A competition's exports (README "Exports"): asking for one queues it on the server, which makes it
 * in the background; the list shows each one's state and progress, read again every two seconds while
 * one is under way, and links the file once it is ready.
 */
export function ExportsPanel({ competitionId }: { competitionId: number }) {
  const loaded = useLoad(() => listExports(competitionId), [competitionId])
  const [asking, setAsking] = useState<ExportFile['kind'] | null>(null)
  const list = loaded.data ?? []
  const underWay = list.some((f) => f.status === 'queued' || f.status === 'running')
  const { reload } = loaded
  useEffect(() => {
    if (!underWay) return
    const timer = setTimeout(reload, POLL_MS)
    return () => clearTimeout(timer)
  }, [underWay, reload, loaded.data])

  const ask = async (kind: ExportFile['kind']) => {
    setAsking(kind)
    try {
      await requestExport(competitionId, kind)
    } catch {
      // The API client has shown the refusal (one export at a time).
    } finally {
      setAsking(null)
      reload()
    }
  }

  return (
    <Stack gap="2" data-testid="exports" data-competition-id={competitionId}>
      <Wrap gap="2">
        {KINDS.map(({ kind, label }) => (
          <Button
            key={kind}
            size="sm"
            variant="outline"
            loading={asking === kind}
            disabled={underWay || asking !== null}
            onClick={() => void ask(kind)}
            data-testid={`export-${kind}`}
          >
            {label}
          </Button>
        ))}
      </Wrap>
      {loaded.failed && !loaded.data ? (
        <Text fontSize="sm" color="fg.error">
          导出记录加载失败
        </Text>
      ) : list.length > 0 ? (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="导出记录">
          {list.map((file) => (
            <ExportRow key={file.id} file={file} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  )
}

/** One export: its kind, state, who asked and when, its size once ready, its progress while made. */
export function ExportRow({ file }: { file: ExportFile }) {
  const running = file.status === 'running'
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="md"
      p="2"
      data-testid="export-file"
      data-status={file.status}
      data-kind={file.kind}
    >
      <HStack justify="space-between" align="start" gap="3" wrap="wrap">
        <Stack gap="0.5" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontSize="sm" fontWeight="medium">
              {file.label}
            </Text>
            <Badge colorPalette={PALETTE[file.status]} data-testid="export-status">
              {file.statusLabel}
            </Badge>
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            {file.requestedBy} · {formatBeijing(Date.parse(file.createdAt))}
            {file.status === 'ready' && file.size !== null && ` · ${formatSize(file.size)}`}
          </Text>
          {running && (
            <Text fontSize="xs" color="fg.muted" data-testid="export-progress">
              {progressText(file)}
            </Text>
          )}
          {file.status === 'failed' && file.error && (
            <Text fontSize="xs" color="fg.error">
              {file.error}
            </Text>
          )}
        </Stack>
        {file.status === 'ready' && (
          <Button asChild size="xs" colorPalette="brand">
            <Link href={exportFileUrl(file)} download data-testid="export-download">
              下载
            </Link>
          </Button>
        )}
      </HStack>
      {running && file.kind === 'entries.xlsx' && file.total ? (
        <Progress.Root
          size="xs"
          mt="2"
          value={Math.min(100, Math.round((file.progress / file.total) * 100))}
          aria-label={`${file.label}导出进度`}
        >
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
    </Box>
  )
}
