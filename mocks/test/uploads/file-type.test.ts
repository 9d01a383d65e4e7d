import { describe, expect, it } from 'vitest';
import { detectFileKind, kindOfName } from '../../src/uploads/file-type.ts';

describe('detectFileKind', () => {
  it('recognises PDF, XLSX (zip) and XLS (OLE) by their first bytes', () => {
    expect(detectFileKind(Buffer.from('%PDF-1.4\n'))).toBe('pdf');
    expect(detectFileKind(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toBe('xlsx');
    expect(detectFileKind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe('xls');
  });

  it('refuses anything else, including cut-off and near-miss signatures', () => {
    expect(detectFileKind(Buffer.from('%PDF'))).toBeUndefined();
    expect(detectFileKind(Buffer.from('hello world'))).toBeUndefined();
    expect(detectFileKind(Buffer.from([0x50, 0x4b, 0x05, 0x06]))).toBeUndefined();
    expect(detectFileKind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a]))).toBeUndefined();
    expect(detectFileKind(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('kindOfName', () => {
  it('reads the extension, case-insensitively, and nothing else', () => {
    expect(kindOfName('Q4 Report.PDF')).toBe('pdf');
    expect(kindOfName('capital.account.xlsx')).toBe('xlsx');
    expect(kindOfName('old.xls')).toBe('xls');
    expect(kindOfName('notes.txt')).toBeUndefined();
    expect(kindOfName('pdf')).toBeUndefined();
  });
});
