import net from 'node:net'

/**
 * A TCP proxy in front of a server (PostgreSQL in the outage tests) that a test can cut and restore:
 * `cut()` closes the listening port and drops every connection, as a restarting server does (clients
 * see their connection end and new ones refused); `restore()` listens again on the same port.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>()
  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    // An end the other side caused is expected here; it must not become an uncaught error.
    socket.on('error', () => socket.destroy())
  }
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host)
    track(client)
    track(upstream)
    client.pipe(upstream)
    upstream.pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve((server.address() as net.AddressInfo).port)
      })
    })
  const port = await listen(0)
  return {
    port,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const socket of sockets) socket.destroy()
      await closed
    },
    async restore() {
      await listen(port)
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
