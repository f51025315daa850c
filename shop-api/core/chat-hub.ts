import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Database } from 'better-sqlite3'
import { WebSocketServer, type WebSocket } from 'ws'

/**
 * The chat socket of the servicer addon (contract §7.1–7.2), standing in for GatewayWorker:
 * every connection gets an `init` frame with its client id; HTTP calls (`chat/bind`) tie a client
 * id to a uid (a member id, or `ns_servicer_<user_id>` for a servicer console); the API then
 * pushes frames to uids. What clients send is ignored (the PC sends "ping" to stay alive); a
 * connection silent for IDLE_LIMIT_MS is dropped, as the gateway's pingInterval 60 does.
 */
export interface ChatFrame {
  type: string
  data: unknown
}

export const CHAT_SOCKET_PATH = '/wss'
export const IDLE_LIMIT_MS = 60_000
/** Clients send only "ping"; anything bigger is not a client of ours. */
const MAX_CLIENT_FRAME_BYTES = 4 * 1024

type Client = { ws: WebSocket; uid: string | null; lastSeen: number }

export const servicerUid = (userId: number): string => `ns_servicer_${userId}`

export class ChatHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES })
  private readonly clients = new Map<string, Client>()
  private readonly sweeper: NodeJS.Timeout
  /** The servicer console's access key (routes/servicer-console.ts); random unless the options set one. */
  consoleKey = randomBytes(16).toString('hex')

  constructor(
    private readonly db: Database,
    /** Called when a uid's last socket closes (members go offline, servicers too). */
    private readonly onUidGone: (uid: string) => void = () => {},
  ) {
    this.sweeper = setInterval(() => this.dropIdle(), 5_000)
    this.sweeper.unref()
  }

  /** The `upgrade` handler of the HTTP server: only CHAT_SOCKET_PATH is a socket. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = new URL(req.url ?? '/', 'http://shop-api.local').pathname
    if (path !== CHAT_SOCKET_PATH) {
      socket.destroy()
      return
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws))
  }

  private accept(ws: WebSocket): void {
    const clientId = randomBytes(10).toString('hex')
    const client: Client = { ws, uid: null, lastSeen: Date.now() }
    this.clients.set(clientId, client)
    ws.on('message', () => {
      client.lastSeen = Date.now()
    })
    ws.on('error', () => ws.terminate())
    ws.on('close', () => {
      this.clients.delete(clientId)
      if (client.uid && !this.isOnline(client.uid)) this.onUidGone(client.uid)
    })
    this.send(ws, { type: 'init', data: { client_id: clientId } })
  }

  private send(ws: WebSocket, frame: ChatFrame): void {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame))
  }

  private dropIdle(): void {
    const now = Date.now()
    for (const client of this.clients.values()) if (now - client.lastSeen > IDLE_LIMIT_MS) client.ws.terminate()
  }

  /** Whether `clientId` is a live connection. */
  has(clientId: string): boolean {
    return this.clients.has(clientId)
  }

  /** Gateway::bindUid. A client is bound to one uid; false when the client is gone. */
  bind(clientId: string, uid: string): boolean {
    const client = this.clients.get(clientId)
    if (!client) return false
    client.uid = uid
    return true
  }

  /** How many sockets are bound to `uid` (tests: one upstream socket per browser socket). */
  connections(uid: string): number {
    let count = 0
    for (const client of this.clients.values()) if (client.uid === uid) count += 1
    return count
  }

  isOnline(uid: string): boolean {
    for (const client of this.clients.values()) if (client.uid === uid) return true
    return false
  }

  /** Gateway::sendToUid: every socket bound to `uid`. Answers how many got it. */
  sendToUid(uid: string, frame: ChatFrame): number {
    let sent = 0
    for (const client of this.clients.values()) {
      if (client.uid !== uid) continue
      this.send(client.ws, frame)
      sent += 1
    }
    return sent
  }

  /** Sends a last frame to `uid`'s sockets, then closes them (bye). */
  closeUid(uid: string, frame?: ChatFrame): void {
    for (const client of this.clients.values()) {
      if (client.uid !== uid) continue
      if (frame) this.send(client.ws, frame)
      client.ws.close(1000, 'bye')
    }
  }

  /** Drops the connections bound to `uid` at once (tests: the chat server lost one member's sockets). Answers how many. */
  dropUid(uid: string): number {
    let count = 0
    for (const client of this.clients.values()) {
      if (client.uid !== uid) continue
      client.ws.terminate()
      count += 1
    }
    return count
  }

  /** Drops every connection at once (tests: "the chat server restarted"). Answers how many. */
  dropAll(): number {
    const count = this.clients.size
    for (const client of this.clients.values()) client.ws.terminate()
    return count
  }

  close(): void {
    clearInterval(this.sweeper)
    this.dropAll()
    this.wss.close()
  }

  /** For the console: whether the db knows this servicer user. */
  servicerExists(userId: number): boolean {
    return Boolean(this.db.prepare('SELECT 1 FROM servicer WHERE user_id = ?').get(userId))
  }
}
