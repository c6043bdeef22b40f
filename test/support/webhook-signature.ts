/**
 * The webhook signature header read as the service's Kotlin sample reads it:
 * only the documented JSON form `{"v":"1","s":"<base64>"}` is accepted, and
 * `s` is the DER signature. Anything else (a bare base64 value included)
 * throws, failing the test.
 */
export function signatureOfHeader(header: string | string[] | undefined): Buffer {
  if (typeof header !== 'string') throw new Error(`no signature header: ${JSON.stringify(header)}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(header);
  } catch {
    throw new Error(`the signature header is not JSON: ${header}`);
  }
  const { v, s } = (parsed ?? {}) as { v?: unknown; s?: unknown };
  if (typeof parsed !== 'object' || v !== '1' || typeof s !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(s)) throw new Error(`the signature header is not {"v":"1","s":"<base64>"}: ${header}`);
  return Buffer.from(s, 'base64');
}
