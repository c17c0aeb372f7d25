import { describe, expect, it } from 'vitest';
import { backupFileName } from './backup-names';

describe('backupFileName', () => {
  it('names the file by its title and id', () => {
    expect(backupFileName('Trip to Lisbon', 'abc123')).toBe('Trip to Lisbon — abc123.json');
  });

  it('replaces characters a file system refuses, controls and bidi overrides', () => {
    expect(backupFileName('a/b\\c:d*e?"f"<g>|h\u202Ei\u0007', 'x')).toBe('a_b_c_d_e__f__g__h_i_ — x.json');
  });

  it('drops leading and trailing dots and spaces, and names an empty title Untitled', () => {
    expect(backupFileName('  ..hidden.. ', 'x')).toBe('hidden — x.json');
    expect(backupFileName('...', 'x')).toBe('Untitled — x.json');
  });

  it('cuts a long title at 80 characters without splitting a character', () => {
    const name = backupFileName('😀'.repeat(100), 'x');
    expect(name).toBe(`${'😀'.repeat(80)} — x.json`);
  });
});
