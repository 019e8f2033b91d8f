import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import {
  type DefinitionReload,
  type DefinitionReloadRecord,
  listDefinitionReloads,
  reloadDefinitions,
} from '../../api/manage.ts'
import { RecordTable } from '../../components/record-table.tsx'
import { useLoad } from '../../lib/use-load.ts'
import { ConsoleFrame, LoadState } from './console-frame.tsx'

const SOURCE_LABEL: Record<DefinitionReloadRecord['source'], string> = {
  console: '管理后台',
  cli: '命令行',
  watch: '开发时保存',
}

const counts = (r: Pick<DefinitionReload, 'competitions' | 'events' | 'landingPages'>) =>
  `${r.competitions} 个赛事、${r.events} 个活动页、${r.landingPages} 个专题页`

/**
 * /manage/definitions (admins): the definition files read again on every instance with no restart and
 * no rebuild (README "定义文件的重新读取"), or — when any file fails the check — nothing, with the
 * checker's problems listed by file, place and reason.
 */
export function Component() {
  return <ConsoleFrame title="定义文件">{() => <Definitions />}</ConsoleFrame>
}

function Definitions() {
  const history = useLoad(listDefinitionReloads, [])
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<DefinitionReload>()
  const reload = async () => {
    setBusy(true)
    try {
      setOutcome(await reloadDefinitions())
      history.reload()
    } catch {
      // The API client has shown why (a lapsed session, too many at once).
    } finally {
      setBusy(false)
    }
  }
  return (
    <Stack gap="5">
      <Stack gap="3" align="flex-start">
        <Text fontSize="sm" color="fg.muted">
          在
          competitions/（赛事）、events/（活动页）、landing-pages/（专题页）中新增或修改文件并保存后，点“重新读取定义文件”：
          网站先检查全部文件，全部通过才在所有实例上生效，无需重启或重新构建；有任何问题时整批不生效，网站继续使用上一次有效的定义，问题列在下面。
          public/ 下的图片替换后立即生效，不需要重新读取。
        </Text>
        <Button onClick={reload} loading={busy} loadingText="正在检查…" data-testid="definitions-reload">
          重新读取定义文件
        </Button>
      </Stack>
      {outcome && <Outcome outcome={outcome} />}
      <Stack gap="3">
        <Heading as="h2" size="md">
          最近的重新读取
        </Heading>
        <LoadState
          loaded={history}
          empty={{ text: '还没有重新读取过。', isEmpty: (list) => list.length === 0 }}
        >
          {(list) => (
            <RecordTable
              rows={list}
              columns={[
                {
                  header: '时间',
                  nowrap: true,
                  inCard: false,
                  cell: (r) => formatBeijing(Date.parse(r.requestedAt)),
                },
                { header: '来源', cell: (r) => SOURCE_LABEL[r.source] },
                { header: '操作人', cell: (r) => r.requestedBy ?? '—' },
                { header: '读取的文件', cell: counts },
                { header: '各实例', cell: (r) => <Instances instances={r.instances} /> },
              ]}
              rowKey={(r) => r.id}
              testId="definition-reloads"
              title={(r) => formatBeijing(Date.parse(r.requestedAt))}
            />
          )}
        </LoadState>
      </Stack>
    </Stack>
  )
}

/**
 * How each instance read a reload: how many serve the asker's files, and by name any whose files were
 * not the asker's or failed the check (a server whose copy of the files was not updated).
 */
function Instances({ instances }: { instances: DefinitionReloadRecord['instances'] }) {
  if (!instances.length) return <Text color="fg.muted">等待各实例读取…</Text>
  const same = instances.filter((i) => i.state === 'same').length
  const others = instances.filter((i) => i.state !== 'same')
  return (
    <Stack gap="1" data-testid="reload-instances">
      {same > 0 && <Text>{same} 个实例已生效</Text>}
      {others.map((i) => (
        <Text key={i.instance} color={i.state === 'failed' ? 'fg.error' : 'fg.warning'}>
          {i.state === 'failed'
            ? `${i.instance} 检查未通过，仍用上一次的定义：${i.firstProblem ?? ''}`
            : `${i.instance} 已生效，但它的定义文件与发起者不同，请核对这台服务器上的文件`}
        </Text>
      ))}
    </Stack>
  )
}

function Outcome({ outcome }: { outcome: DefinitionReload }) {
  if (outcome.reloaded)
    return (
      <Alert.Root status="success" data-testid="definitions-reloaded">
        <Alert.Indicator />
        <Alert.Title>已重新读取：{counts(outcome)}。本实例已生效，其他实例将在数秒内生效。</Alert.Title>
      </Alert.Root>
    )
  return (
    <Stack gap="3" data-testid="definitions-refused">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>
          定义文件有 {outcome.problems.length}{' '}
          个问题，本次没有重新读取，网站仍使用上一次有效的定义。请按下表修改后再试。
        </Alert.Title>
      </Alert.Root>
      <RecordTable
        rows={outcome.problems}
        columns={[
          { header: '文件', inCard: false, cell: (p) => p.file },
          { header: '位置', cell: (p) => p.path },
          { header: '原因', cell: (p) => p.message },
        ]}
        rowKey={(p) => `${p.file} ${p.path} ${p.message}`}
        testId="definition-problems"
        title={(p) => p.file}
      />
    </Stack>
  )
}
