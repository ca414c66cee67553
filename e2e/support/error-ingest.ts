import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for Sentry's ingest endpoint (e2e/browser-errors.e2e.ts): the e2e server is configured with a
 * browser DSN pointing here, the pages' envelopes arrive as they would at Sentry, and `GET /received` hands them to
 * the tests. It answers the browser's CORS preflight as Sentry does.
 */
export async function startErrorIngest(): Promise<{ url: string; close: () => Promise<void> }> {
  const envelopes: string[] = [];
  const server: Server = createServer((request, response) => {
    const cors = {
      'access-control-allow-origin': request.headers.origin ?? '*',
      'access-control-allow-headers': 'content-type',
      'access-control-allow-methods': 'POST, OPTIONS',
    };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    if (request.method === 'GET' && request.url === '/received') {
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(envelopes));
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url?.includes('/envelope/')) envelopes.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
