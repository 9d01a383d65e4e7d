import { describe, expect, it } from 'vitest';
import { driveLinkOf } from '../../src/domain/drive.ts';

describe('driveLinkOf', () => {
  it('takes the id from a folder URL, an open?id= URL, or a bare id', () => {
    expect(driveLinkOf('https://drive.google.com/drive/folders/1AbC?usp=sharing').id).toBe('1AbC');
    expect(driveLinkOf('https://drive.google.com/drive/u/0/folders/x-y_z').id).toBe('x-y_z');
    expect(driveLinkOf('https://drive.google.com/open?id=abc123&authuser=0').id).toBe('abc123');
    expect(driveLinkOf('  bare-id ').id).toBe('bare-id');
  });

  it('names the form parity tries where the reading is open (none for a folders url without a query)', () => {
    const forms = [
      'https://drive.google.com/open?id=abc123',
      'https://drive.google.com/open?id=abc123&authuser=0',
      '  bare-id ',
      'https://drive.google.com/drive/folders/1AbC?usp=sharing',
      'bare-id',
      'https://drive.google.com/drive/folders/1AbC',
      'https://example.com/bare-id',
    ].map((link) => driveLinkOf(link).form);
    expect(forms).toEqual([
      'open?id= url',
      'open?id= url, id not last',
      'bare id with spaces around',
      'folders url with a query',
      'bare id',
      undefined,
      undefined,
    ]);
  });
});
