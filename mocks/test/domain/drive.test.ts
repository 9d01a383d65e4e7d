import { describe, expect, it } from 'vitest';
import { folderIdOf } from '../../src/domain/drive.ts';

describe('folderIdOf', () => {
  it('takes the id from a folder URL, an open?id= URL, or a bare id', () => {
    expect(folderIdOf('https://drive.google.com/drive/folders/1AbC?usp=sharing')).toBe('1AbC');
    expect(folderIdOf('https://drive.google.com/drive/u/0/folders/x-y_z')).toBe('x-y_z');
    expect(folderIdOf('https://drive.google.com/open?id=abc123&authuser=0')).toBe('abc123');
    expect(folderIdOf('  bare-id ')).toBe('bare-id');
  });
});
