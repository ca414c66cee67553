import { isIPv4 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** 127.0.0.0/8, ::1 and IPv4-mapped ::ffff:127.x.y.z. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  if (address === '::1') return true;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return isIPv4(v4) && v4.startsWith('127.');
}

/**
 * onRequest hook of the development tools: only the machine itself may use them; any other caller is answered as if
 * the route did not exist. It reads the socket's address, never request.ip, which TRUST_PROXY lets X-Forwarded-For
 * choose (and a local reverse proxy would make every visitor look local).
 */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply) {
  if (!isLoopback(request.socket.remoteAddress)) return reply.callNotFound();
}
