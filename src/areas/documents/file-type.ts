/** What a file really is, from its first bytes rather than its name. */
export type DocumentContentType = 'image/jpeg' | 'image/png' | 'application/pdf';

const SIGNATURES: ReadonlyArray<{ type: DocumentContentType; extension: string; bytes: readonly number[] }> = [
  { type: 'image/jpeg', extension: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', extension: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', extension: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

export function sniffDocumentType(bytes: Uint8Array): { type: DocumentContentType; extension: string } | undefined {
  const match = SIGNATURES.find((s) => s.bytes.length <= bytes.length && s.bytes.every((b, i) => bytes[i] === b));
  return match ? { type: match.type, extension: match.extension } : undefined;
}
