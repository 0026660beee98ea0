import type {
  CommandReply,
  DocumentEvent,
  LogoutEvent,
  PushMessage,
  RealtimeCommand,
  RealtimeCommands,
} from '../../../shared/api/realtime';

export type { DocumentEvent } from '../../../shared/api/realtime';

export interface RealtimeHandlers {
  onDocument(event: DocumentEvent): void;
  /** The server ended the session of this socket (and says why). */
  onLogout?(event: LogoutEvent): void;
  /** The socket (re)connected and logged in: anything missed meanwhile should be refetched. */
  onReady?(): void;
  /**
   * Logged in (first time and after every reconnect): commands can be sent with `send`, or with `request`,
   * which answers the reply's data (and rejects with its error, or when the socket closes first).
   */
  onConnected?(
    send: <C extends keyof RealtimeCommands>(cmd: C, data: RealtimeCommands[C]) => void,
    request: RealtimeRequest,
  ): void;
  onDisconnected?(): void;
  /** Any other pushed event (`cms/item`, `queue/state`, ...). */
  onPush?(message: PushMessage): void;
}

export type RealtimeRequest = <C extends keyof RealtimeCommands>(cmd: C, data: RealtimeCommands[C]) => Promise<unknown>;

const MAX_BACKOFF_MS = 30_000;
/** The server's close code for "restarting, reconnect". */
const CLOSE_SERVICE_RESTART = 1012;
let nextId = 0;

/**
 * The realtime socket of the admin: connects on load, logs in with the token, reconnects with
 * backoff. Returns the function that closes it for good.
 */
export function connectRealtime(token: string, handlers: RealtimeHandlers, url = defaultUrl()): () => void {
  let socket: WebSocket | undefined;
  let closed = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const pending = new Map<string, { resolve(data: unknown): void; reject(error: Error): void }>();

  function open() {
    socket = new WebSocket(url);
    socket.addEventListener('open', () => {
      const login: RealtimeCommand = { cmd: 'login', data: token };
      socket?.send(JSON.stringify(login));
    });
    socket.addEventListener('message', (message) => {
      let parsed: CommandReply | PushMessage;
      try {
        parsed = JSON.parse(String(message.data));
      } catch {
        return;
      }
      if ('cmd' in parsed) {
        const waiting = typeof parsed.id === 'string' ? pending.get(parsed.id) : undefined;
        if (waiting) {
          pending.delete(parsed.id as string);
          if ('error' in parsed) waiting.reject(new Error(parsed.error));
          else waiting.resolve(parsed.data);
          return;
        }
        if (parsed.cmd !== 'login' || 'error' in parsed) return;
        if (attempt > 0) handlers.onReady?.();
        attempt = 0;
        const current = socket;
        handlers.onConnected?.(
          (cmd, data) => {
            if (current?.readyState === WebSocket.OPEN) current.send(JSON.stringify({ cmd, data }));
          },
          (cmd, data) =>
            new Promise((resolve, reject) => {
              if (current?.readyState !== WebSocket.OPEN) return reject(new Error('Not connected'));
              const id = `r${++nextId}`;
              pending.set(id, { resolve, reject });
              current.send(JSON.stringify({ cmd, data, id }));
            }),
        );
      } else if (parsed.type === 'document') handlers.onDocument(parsed.data);
      else if (parsed.type === 'logout') handlers.onLogout?.(parsed.data);
      else handlers.onPush?.(parsed);
    });
    socket.addEventListener('close', (event) => {
      for (const waiting of pending.values()) waiting.reject(new Error('The connection to the server closed'));
      pending.clear();
      handlers.onDisconnected?.();
      if (closed) return;
      attempt += 1;
      // A restarting server (a deploy) asks to reconnect at once: another process serves; spread over
      // half a second so that its clients do not all arrive together.
      const wait =
        event.code === CLOSE_SERVICE_RESTART && attempt === 1
          ? 100 + Math.random() * 500
          : Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt);
      retry = setTimeout(open, wait);
    });
  }
  open();
  return () => {
    closed = true;
    clearTimeout(retry);
    socket?.close();
  };
}

function defaultUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/websocket`;
}
