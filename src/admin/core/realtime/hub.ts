import { useEffect, useRef } from 'react';
import type { PushMessage, RealtimeCommands, RealtimeEvents } from '../../../shared/api/realtime';

type EventType = keyof RealtimeEvents;
type Listener = (data: never) => void;
type Send = <C extends keyof RealtimeCommands>(cmd: C, data: RealtimeCommands[C]) => void;
type Request = <C extends keyof RealtimeCommands>(cmd: C, data: RealtimeCommands[C]) => Promise<unknown>;

/**
 * Between the socket and the screens: screens listen to pushed events by type and hold queue
 * memberships; the socket feeds events in and, on every (re)login, replays the memberships.
 * Without a socket (stories, tests) it simply stays quiet.
 */
export function createRealtimeHub() {
  const listeners = new Map<EventType, Set<Listener>>();
  const queues = new Map<string, number>();
  let send: Send | undefined;
  let request: Request | undefined;
  const waiting = new Set<() => void>();
  return {
    /**
     * Sends a command and answers its reply's data; waits up to `waitMs` for the socket to be logged in,
     * rejects when it is not by then or with the reply's error.
     */
    async request<C extends keyof RealtimeCommands>(
      cmd: C,
      data: RealtimeCommands[C],
      waitMs = 5000,
    ): Promise<unknown> {
      if (!request) {
        let done: () => void = () => {};
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          done = () => {
            clearTimeout(timer);
            resolve();
          };
          waiting.add(done);
        });
        waiting.delete(done);
      }
      if (!request) throw new Error('Not connected to the server');
      return request(cmd, data);
    },
    on<T extends EventType>(type: T, listener: (data: RealtimeEvents[T]) => void): () => void {
      const set = listeners.get(type) ?? new Set<Listener>();
      listeners.set(type, set.add(listener));
      return () => void set.delete(listener);
    },
    emit(message: PushMessage) {
      const listenersOf = [...(listeners.get(message.type) ?? [])] as ((data: PushMessage['data']) => void)[];
      for (const listener of listenersOf) listener(message.data);
    },
    /** Joins a queue (`SimpleQueue.joinQueue`) until the returned function leaves it; counted per caller. */
    joinQueue(queue: string): () => void {
      const count = queues.get(queue) ?? 0;
      queues.set(queue, count + 1);
      if (count === 0) send?.('SimpleQueue.joinQueue', { queue });
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const remaining = (queues.get(queue) ?? 1) - 1;
        if (remaining > 0) return void queues.set(queue, remaining);
        queues.delete(queue);
        send?.('SimpleQueue.leaveQueue', { queue });
      };
    },
    connected(sender: Send, requester?: Request) {
      send = sender;
      request = requester;
      for (const wake of [...waiting]) wake();
      for (const queue of queues.keys()) sender('SimpleQueue.joinQueue', { queue });
    },
    disconnected() {
      send = undefined;
      request = undefined;
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;

/** The admin's hub; the socket of the logged-in admin feeds it. */
export const realtimeHub = createRealtimeHub();

/** Calls `handler` for every pushed event of `type` while mounted (the latest handler, no resubscribe). */
export function useRealtimeEvent<T extends EventType>(
  type: T,
  handler: (data: RealtimeEvents[T]) => void,
  hub: RealtimeHub = realtimeHub,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => hub.on(type, (data) => latest.current(data)), [type, hub]);
}

/** Member of `queue` while mounted and while the queue stays the same. */
export function useQueueMembership(queue: string | undefined, hub: RealtimeHub = realtimeHub): void {
  useEffect(() => (queue ? hub.joinQueue(queue) : undefined), [queue, hub]);
}
