import { Box, Button, Card, DataList, HStack, Link, Stack } from '@chakra-ui/react'
import { lazy, Suspense } from 'react'
import { Link as RouterLink } from 'react-router'
import type { WorkDetail } from '../../../schemas/api/works.ts'
import { WORK_QR_SIZE_PX } from '../../lib/constants.ts'
import { paths, toAddress } from '../../lib/paths.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { fileTypeLabel } from '../../lib/work-files.ts'

const WorkQr = lazy(() => import('./work-qr.tsx'))

/**
 * The owner's registration info (SPEC §2, shown only when mine): its six fields and the two
 * downloads, in the spec's order.
 */
export function RegistrationPanel({ detail }: { detail: WorkDetail }) {
  const entries: Array<[string, string | undefined, string]> = [
    ['著作权人', detail.userName, 'owner'],
    ['存证大小', detail.fileSize === undefined ? undefined : `${detail.fileSize} KB`, 'size'],
    ['存证类型', fileTypeLabel(detail.fileType), 'type'],
    ['公证平台', detail.org, 'org'],
    ['权利声明文件哈希', detail.worksHash, 'hash'],
    ['证书编号', detail.certificateStorageNo, 'certificate-no'],
  ]
  return (
    <Card.Root variant="outline" data-testid="work-registration-panel">
      <Card.Header>
        <Card.Title as="h3">登记信息</Card.Title>
      </Card.Header>
      <Card.Body gap="4">
        <DataList.Root orientation="horizontal" gap="3">
          {entries.map(([label, value, key]) => (
            <DataList.Item key={key}>
              <DataList.ItemLabel minW="32">{label}</DataList.ItemLabel>
              <DataList.ItemValue
                data-testid={`panel-${key}`}
                wordBreak="break-all"
                fontFamily={key === 'hash' || key === 'certificate-no' ? 'mono' : undefined}
              >
                {value ?? '—'}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
        <HStack gap="3" wrap="wrap">
          {detail.certificateUrl && (
            <Button asChild size="sm" colorPalette="brand">
              <a
                href={toAddress(detail.certificateUrl)}
                target="_blank"
                rel="noopener"
                data-testid="download-certificate"
              >
                下载存证证书
              </a>
            </Button>
          )}
          {detail.packageUrl && (
            <Button asChild size="sm" variant="outline">
              <a href={toAddress(detail.packageUrl)} download data-testid="download-package">
                下载证据包
              </a>
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  )
}

/** A verification address the QR code can carry: a site path becomes a full address on this site. */
function absolute(url: string): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url
  return `${window.location.origin}${toAddress(url)}`
}

/**
 * The three footnotes (SPEC §2) and the QR code of qrCodeUrl. The spec's services are the national
 * time-service centre, a notary cloud custody platform and a blockchain provider; this deployment's
 * notary adapter is the local one, so the notes say what it does and where anyone checks a work.
 * They read the same for every viewer: the platform's name (org) belongs to the owner's panel.
 */
export function RegistrationNotes({ detail }: { detail: WorkDetail }) {
  // Drawn in the browser: the code carries this site's address, which the server cannot know.
  const hydrated = useHydrated()
  return (
    <Stack
      direction={{ base: 'column', md: 'row' }}
      align="flex-start"
      gap="5"
      p="4"
      borderRadius="md"
      bg="bg.subtle"
      fontSize="sm"
      color="fg.muted"
      data-testid="work-notes"
    >
      <Stack gap="2" flex="1" as="ol" listStyleType="decimal" ps="5">
        <li>
          存证时间以北京时间记录，正式部署时与国家授时中心标准时间同步；时间戳令牌由本站存证服务按 RFC 3161
          签发，随证据包提供，可用 openssl 等标准工具校验。
        </li>
        <li>
          接入公证云电子数据保管平台后，存证证书可在该平台查验；本站当前由本站存证服务出具证书，证书编号与二维码可在本站作品存证核验页面查验。
        </li>
        <li>
          接入区块链服务商后，存证记录可在其核验网站查验；本站当前把存证记录写入本地哈希链（示例），核验网站是
          <Link asChild color="brand.600" mx="1">
            <RouterLink to={paths.worksVerify.path}>作品存证核验</RouterLink>
          </Link>
          页面：上传原文件或输入哈希，即可核对登记记录。
        </li>
      </Stack>
      <Box
        flexShrink={0}
        w={`${WORK_QR_SIZE_PX + 10}px`}
        h={`${WORK_QR_SIZE_PX + 10}px`}
        p="1"
        bg="white"
        borderWidth="1px"
        borderRadius="md"
      >
        {hydrated && detail.qrCodeUrl && (
          <Suspense fallback={null}>
            <WorkQr value={absolute(detail.qrCodeUrl)} />
          </Suspense>
        )}
      </Box>
    </Stack>
  )
}
