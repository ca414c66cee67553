import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StubRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
export type StubAnswer = { status: number; json?: unknown; text?: string; delayMs?: number };

/**
 * A provider played by a local HTTP server (127.0.0.1, a free port) that the test starts: it records every request
 * and answers with what `answer` returns. Adapters are pointed at `url` as they would be at the provider's API.
 */
export async function startHttpStub(answer: (request: StubRequest) => StubAnswer) {
  const requests: StubRequest[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const reply = answer(request);
      const send = () => {
        outgoing.writeHead(reply.status, { 'content-type': reply.text ? 'text/plain' : 'application/json' });
        outgoing.end(reply.text ?? JSON.stringify(reply.json ?? {}));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
