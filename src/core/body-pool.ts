/**
 * Buffers for the bodies of responses sent over a socket, used again once
 * the response that carried one has closed (everything written, or the
 * connection gone). A body in fresh memory each time would be external
 * memory V8 counts: at list-page sizes, a full garbage collection every few
 * thousand requests ("external memory pressure"), which stalls requests.
 */
import { copyParts, joinParts, partsSize } from './pagination.js';

/** Bodies up to this size use a pooled buffer; a larger one gets memory of its own. */
export const POOLED_BODY_BYTES = 64 * 1024;
/** Buffers kept for reuse: more than the responses in flight at any one time under load. */
const BUFFERS_KEPT = 64;

const free: Buffer[] = [];

/** What a body needs of its response (a Node ServerResponse): word of when it closed. */
export interface ClosingResponse {
  once(event: 'close', listener: () => void): unknown;
}

/** How many buffers are free for reuse (for tests). */
export function pooledBuffers(): number {
  return free.length;
}

/**
 * The parts as one body for `outgoing`: in a pooled buffer that comes back
 * when the response closes, or (larger bodies) in memory of its own.
 */
export function bodyOnSocket(parts: readonly Uint8Array[], outgoing: ClosingResponse): Uint8Array {
  if (partsSize(parts) > POOLED_BODY_BYTES) return joinParts(parts);
  // Not zero-filled: every byte of the body is written before it is sent, and only those bytes are sent.
  const buffer = free.pop() ?? Buffer.allocUnsafeSlow(POOLED_BODY_BYTES);
  outgoing.once('close', () => {
    if (free.length < BUFFERS_KEPT) free.push(buffer);
  });
  return copyParts(parts, buffer);
}
