import { Alert, Button, Stack, Text } from '@chakra-ui/react'
import { lazy, Suspense, useState } from 'react'
import { getRealNameBo, type RealnameInfo } from '../../api/realname.ts'
import { listMyWorks } from '../../api/works.ts'
import { Pager } from '../../components/pager.tsx'
import { WorkGrid } from '../../components/work-card.tsx'
import { notify } from '../../lib/notify.ts'
import { useLoad } from '../../lib/use-load.ts'
import { useUserStore } from '../../stores/user.ts'
import { TabFrame } from './tab-frame.tsx'

const PAGE_SIZE = 9

// The form kit loads when first opened, not with the personal area.
const WorkRegisterDialog = lazy(() => import('./work-register-dialog.tsx'))

/**
 * Work: the designer's rights-confirmed works, and registering a new one. Only users verified with a
 * mainland ID card may register (SPEC §1, §2 Realname dialog); others are told why and how.
 */
export function WorkTab() {
  const [page, setPage] = useState(1)
  const [round, setRound] = useState(0)
  const works = useLoad(() => listMyWorks(page, PAGE_SIZE), [page, round])
  const verifiedNow = useUserStore((s) => s.realnameVerified)
  // Verifying in the dialog asks again.
  const realname = useLoad(getRealNameBo, [verifiedNow])
  const eligible = realname.data?.rightsEligible === true
  const [registering, setRegistering] = useState(false)

  // The dialog stays open on the new work's detail view; the list shows it first.
  function registered(_id: number, certificateNo: string | undefined) {
    notify(certificateNo ? `登记成功，证书编号：${certificateNo}` : '登记成功', 'success')
    setPage(1)
    setRound((r) => r + 1)
  }

  return (
    <TabFrame
      title="确权作品"
      loaded={works}
      actions={
        <Button
          colorPalette="brand"
          size="sm"
          disabled={!eligible}
          onClick={() => setRegistering(true)}
          data-testid="work-register-open"
        >
          登记作品
        </Button>
      }
    >
      {({ rows, total }) => (
        <Stack gap="5">
          {realname.data && !eligible && <NotEligible info={realname.data} />}
          {rows.length ? (
            <WorkGrid works={rows} />
          ) : (
            <Stack
              align="center"
              gap="2"
              py="12"
              borderWidth="1px"
              borderStyle="dashed"
              borderRadius="lg"
              data-testid="works-empty"
            >
              <Text fontWeight="semibold">还没有确权作品</Text>
              <Text fontSize="sm" color="fg.muted" textAlign="center" px="4">
                登记后，作品文件的哈希与存证时间被记录下来，并生成存证证书与证据包，供日后证明权属。
              </Text>
            </Stack>
          )}
          <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
          {registering && (
            <Suspense fallback={null}>
              <WorkRegisterDialog onClose={() => setRegistering(false)} onRegistered={registered} />
            </Suspense>
          )}
        </Stack>
      )}
    </TabFrame>
  )
}

/** Why this user cannot register works, and what to do about it. */
function NotEligible({ info }: { info: RealnameInfo }) {
  const openRealname = useUserStore((s) => s.setRealnameDialogOpen)
  return (
    <Alert.Root status="info" data-testid="works-not-eligible">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>作品确权仅向使用中国大陆居民身份证完成实名认证的用户开放</Alert.Title>
        <Alert.Description>
          {info.verified
            ? `你的实名认证使用的是${info.identityTypeLabel ?? '其他证件'}。实名信息提交后不可更改，因此无法登记确权作品；如有疑问，请联系客服。`
            : '你还没有完成实名认证。实名认证时证件类型选择“居民身份证”，通过后即可登记作品。'}
        </Alert.Description>
        {!info.verified && (
          <Button size="sm" colorPalette="brand" alignSelf="flex-start" onClick={() => openRealname(true)}>
            立即实名认证
          </Button>
        )}
      </Alert.Content>
    </Alert.Root>
  )
}
