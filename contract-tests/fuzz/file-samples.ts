// Small files of the types the fund upload accepts, recognisable by their leading bytes, and files
// that lie about their type.
import fc from 'fast-check';

export const SAMPLE_FILES = {
  pdf: { contentType: 'application/pdf', content: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('[Content_Types].xml')]),
  },
  xls: {
    contentType: 'application/vnd.ms-excel',
    content: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]),
  },
} as const;

export type SampleKind = keyof typeof SAMPLE_FILES;

/** Content that is none of PDF, XLSX or XLS: an ELF binary, a shell script, HTML, nothing. */
export const NOT_A_DOCUMENT = [
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
  Buffer.from('#!/bin/sh\nrm -rf /\n'),
  Buffer.from('<html><script>alert(1)</script></html>'),
  Buffer.alloc(0),
];

/** A file of an accepted type, under a name with the matching extension. */
export const documentFileArbitrary = fc
  .tuple(
    fc.constantFrom<SampleKind>('pdf', 'xlsx', 'xls'),
    fc.oneof(
      fc.string({ minLength: 1, maxLength: 20 }),
      fc.constantFrom('report', 'Jahresbericht Ü', '報告', 'q4 (final)'),
    ),
  )
  .map(([kind, base]) => ({ filename: `${base.replace(/["\r\n\\/]/g, '_')}.${kind}`, ...SAMPLE_FILES[kind] }));
