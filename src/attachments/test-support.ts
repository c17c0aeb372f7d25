/**
 * Test support for src/attachments: the corpus files in `__fixtures__` (see its SOURCES.md) as bytes or Files,
 * and record factories. Not imported by app code.
 */
import { readFileSync } from 'node:fs';
import type { AttachmentRecord } from '../messages';

/** The bytes of a file in `__fixtures__`. */
export function fixture(name: string): Uint8Array<ArrayBuffer> {
  const buffer = readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));
  return new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
}

/** A `File` holding a fixture, as a picker or a drop would hand it over. */
export function fixtureFile(name: string, type = ''): File {
  return new File([fixture(name)], name, { type });
}

/** An attachment record with defaults for what a test does not care about. */
export function record(
  overrides: Partial<AttachmentRecord> & Pick<AttachmentRecord, 'kind'>,
): AttachmentRecord {
  return { id: 'a1', name: 'file', mimeType: 'application/octet-stream', size: 100, ...overrides };
}
