import { Alert, Button, Field, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { listManageCompetitions, type ManageCompetition } from '../../api/manage.ts'
import { filterParam } from '../../components/directory-filters.tsx'
import { useLoad } from '../../lib/use-load.ts'
import { LoadState } from './console-frame.tsx'

/**
 * The competition a per-competition screen shows: ?competitionId, else the first one the reader
 * manages. With more than one, they are offered as buttons; the choice goes into the URL query.
 */
export function CompetitionChooser({ children }: { children: (c: ManageCompetition) => ReactNode }) {
  const [query, setQuery] = useSearchParams()
  const wanted = Number(filterParam(query, 'competitionId', /^\d{1,9}$/)) || 0
  const loaded = useLoad(() => listManageCompetitions(), [])
  return (
    <LoadState loaded={loaded} empty={{ text: '暂无可管理的赛事。', isEmpty: (list) => list.length === 0 }}>
      {(list) => {
        const chosen = wanted ? list.find((c) => c.competitionId === wanted) : list[0]
        return (
          <Stack gap="5">
            {list.length > 1 && (
              <>
                {/* A phone: one select (seven buttons took a screen's height); from md: buttons. */}
                <Field.Root hideFrom="md">
                  <Field.Label>选择赛事</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      name="competitionId"
                      value={chosen ? String(chosen.competitionId) : ''}
                      onChange={(e) => setQuery({ competitionId: e.target.value })}
                    >
                      {!chosen && <option value="">请选择赛事</option>}
                      {list.map((c) => (
                        <option key={c.competitionId} value={c.competitionId}>
                          {c.title}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Stack gap="2" hideBelow="md">
                  <Text fontSize="sm" color="fg.muted">
                    选择赛事
                  </Text>
                  <Wrap gap="2" data-testid="competition-chooser">
                    {list.map((c) => (
                      <Button
                        key={c.competitionId}
                        size="sm"
                        variant={c === chosen ? 'solid' : 'outline'}
                        aria-pressed={c === chosen}
                        onClick={() => setQuery({ competitionId: String(c.competitionId) })}
                        maxW="full"
                        whiteSpace="normal"
                        h="auto"
                        py="1.5"
                      >
                        {c.title}
                      </Button>
                    ))}
                  </Wrap>
                </Stack>
              </>
            )}
            {chosen ? (
              children(chosen)
            ) : (
              <Alert.Root status="warning" data-testid="manage-unknown-competition">
                <Alert.Indicator />
                <Alert.Title>没有这个赛事，或您无权管理它。</Alert.Title>
              </Alert.Root>
            )}
          </Stack>
        )
      }}
    </LoadState>
  )
}
