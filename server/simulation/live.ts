import type { ServerResponse } from 'node:http';
import type { LiveFormat, RunMode } from '../../contract';

export interface LiveClient {
  res: ServerResponse;
  modo: RunMode;
  limit: number;
  formato: LiveFormat;
}

/** Builds the frame for a (mode, limit, format); called at most once per triple per tick. */
export type FrameSource = (modo: RunMode, limit: number, formato: LiveFormat) => Buffer;

/**
 * The one live stream: every open browser shares the frames computed once per tick. A frame is a
 * Buffer written as-is to every client of its (mode, limit), so 500 clients cost 500 writes of the
 * same bytes, not 500 serialisations. A client that still holds more than `maxBufferedBytes` unsent
 * when the next frame is due is dropped: memory per client stays bounded whatever its network does.
 */
export class LiveHub {
  readonly clients = new Set<LiveClient>();
  dropped = 0;
  framesSent = 0;

  constructor(private readonly maxBufferedBytes: () => number) {}

  add(
    res: ServerResponse,
    modo: RunMode,
    limit: number,
    first: Buffer,
    formato: LiveFormat = 'arreglo',
  ): LiveClient {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies such as nginx must not buffer the stream.
      'x-accel-buffering': 'no',
    });
    res.socket?.setNoDelay(true);
    const client: LiveClient = { res, modo, limit, formato };
    this.clients.add(client);
    const forget = () => this.clients.delete(client);
    res.on('close', forget);
    res.on('error', forget);
    res.write('retry: 3000\n\n');
    this.send(client, first);
    return client;
  }

  private send(client: LiveClient, frame: Buffer): void {
    const res = client.res;
    if (res.destroyed || res.writableEnded) {
      this.clients.delete(client);
      return;
    }
    if (res.writableLength > this.maxBufferedBytes()) {
      this.drop(client);
      return;
    }
    res.write(frame);
  }

  private drop(client: LiveClient): void {
    this.clients.delete(client);
    this.dropped++;
    // destroy, not end: end would keep the unsent bytes queued for a client that is not reading.
    client.res.destroy();
  }

  /** A tick's frames to every client (of the modes `only` accepts). */
  broadcast(frameFor: FrameSource, only?: (modo: RunMode) => boolean): void {
    const cache = new Map<string, Buffer>();
    for (const client of [...this.clients]) {
      if (only && !only(client.modo)) continue;
      const key = `${client.modo}|${client.limit}|${client.formato}`;
      let frame = cache.get(key);
      if (!frame) {
        frame = frameFor(client.modo, client.limit, client.formato);
        cache.set(key, frame);
      }
      this.send(client, frame);
    }
    this.framesSent++;
  }

  /** An extra message to every client of one mode (a run's change of state). */
  sendToMode(modo: RunMode, message: Buffer): void {
    for (const client of [...this.clients]) if (client.modo === modo) this.send(client, message);
  }

  heartbeat(): void {
    const ping = Buffer.from(': ping\n\n');
    for (const client of [...this.clients]) this.send(client, ping);
  }

  closeAll(): void {
    for (const client of [...this.clients]) {
      this.clients.delete(client);
      client.res.end();
    }
  }
}
