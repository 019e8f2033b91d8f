import {
  Badge,
  Button,
  Card,
  CloseButton,
  Dialog,
  HStack,
  Portal,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useState } from 'react'
import {
  type Address,
  deleteAddress,
  insertAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from '../../api/address.ts'
import { SchemaForm } from '../../forms/schema-form.tsx'
import { notify } from '../../lib/notify.ts'
import { useLoad } from '../../lib/use-load.ts'
import { TabFrame } from './tab-frame.tsx'

/** Address: postal addresses for certificates, with add, edit, delete and default. */
export function AddressTab() {
  const loaded = useLoad(listAddresses, [])
  // null: closed; 'new': adding; an address: editing it.
  const [editing, setEditing] = useState<Address | 'new' | null>(null)
  const [busy, setBusy] = useState(false)

  /** Runs a change, then shows its message and reloads; a failure keeps everything as it was. */
  const change = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await run()
      notify(done, 'success')
      setEditing(null)
      loaded.reload()
    } catch {
      // The API client has shown the server's message; the dialog keeps what was typed.
    } finally {
      setBusy(false)
    }
  }

  const save = (data: Record<string, unknown>) =>
    change(
      () => (editing && editing !== 'new' ? updateAddress(editing.id, data) : insertAddress(data)),
      '收货地址已保存',
    )

  return (
    <TabFrame
      title="收货地址"
      loaded={loaded}
      actions={
        <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')} data-testid="address-add">
          新增地址
        </Button>
      }
    >
      {(addresses) => (
        <>
          {addresses.length === 0 ? (
            <Text color="fg.muted">还没有收货地址。竞赛证书等邮寄物品将寄往默认地址。</Text>
          ) : (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" data-testid="address-list">
              {addresses.map((a) => (
                <Card.Root key={a.id} borderColor={a.isDefault ? 'brand.400' : undefined}>
                  <Card.Body gap="2">
                    <HStack>
                      <Text fontWeight="semibold">{a.userName}</Text>
                      <Text color="fg.muted">{a.phone}</Text>
                      {a.isDefault && <Badge colorPalette="brand">默认</Badge>}
                    </HStack>
                    <Text fontSize="sm">
                      {a.cityNames.join(' ')} {a.address}
                    </Text>
                  </Card.Body>
                  <Card.Footer gap="2">
                    <Button size="xs" variant="outline" onClick={() => setEditing(a)} disabled={busy}>
                      编辑
                    </Button>
                    {!a.isDefault && (
                      <Button
                        size="xs"
                        variant="outline"
                        disabled={busy}
                        onClick={() => change(() => setDefaultAddress(a.id), '已设为默认地址')}
                      >
                        设为默认
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      disabled={busy}
                      onClick={() =>
                        window.confirm('确定删除这个收货地址吗？') &&
                        change(() => deleteAddress(a.id), '收货地址已删除')
                      }
                    >
                      删除
                    </Button>
                  </Card.Footer>
                </Card.Root>
              ))}
            </SimpleGrid>
          )}
          <Dialog.Root
            open={editing !== null}
            onOpenChange={(e) => !e.open && setEditing(null)}
            placement="center"
            size="lg"
          >
            <Portal>
              <Dialog.Backdrop />
              <Dialog.Positioner>
                <Dialog.Content data-testid="address-dialog">
                  <Dialog.Header>
                    <Dialog.Title>{editing === 'new' ? '新增收货地址' : '编辑收货地址'}</Dialog.Title>
                  </Dialog.Header>
                  <Dialog.Body>
                    {editing !== null && (
                      <Stack>
                        <SchemaForm
                          name="address"
                          formData={
                            editing === 'new'
                              ? {}
                              : {
                                  userName: editing.userName,
                                  phone: editing.phone,
                                  cityId: editing.cityId,
                                  address: editing.address,
                                  isDefault: editing.isDefault,
                                }
                          }
                          submitLabel="保存"
                          submitting={busy}
                          onSubmit={save}
                          actions={
                            <Button variant="outline" onClick={() => setEditing(null)} disabled={busy}>
                              取消
                            </Button>
                          }
                        />
                      </Stack>
                    )}
                  </Dialog.Body>
                  <Dialog.CloseTrigger asChild>
                    <CloseButton size="sm" aria-label="关闭" />
                  </Dialog.CloseTrigger>
                </Dialog.Content>
              </Dialog.Positioner>
            </Portal>
          </Dialog.Root>
        </>
      )}
    </TabFrame>
  )
}
