// File types by content (magic bytes), not by name: the only types a fund data room accepts.
export type FileKind = 'pdf' | 'xlsx' | 'xls';

const SIGNATURES: { kind: FileKind; bytes: number[] }[] = [
  { kind: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { kind: 'xlsx', bytes: [0x50, 0x4b, 0x03, 0x04] }, // PK\x03\x04 (a zip container)
  { kind: 'xls', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] }, // OLE compound file
];

/** Bytes needed to recognise every signature. */
export const SIGNATURE_LENGTH = Math.max(...SIGNATURES.map((s) => s.bytes.length));

export function detectFileKind(head: Uint8Array): FileKind | undefined {
  return SIGNATURES.find((s) => s.bytes.every((b, i) => head[i] === b))?.kind;
}

/** The kind a file name claims by its extension. */
export function kindOfName(name: string): FileKind | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return ext === 'pdf' || ext === 'xlsx' || ext === 'xls' ? ext : undefined;
}
