import { describe, expect, it } from 'vitest';
import { fileTypeOf, isPreviewMessage } from './protocol';

const base = { source: 'easel-preview', channel: 'c1' };

describe('isPreviewMessage', () => {
  it('accepts each kind of well-formed message on its channel', () => {
    expect(isPreviewMessage({ ...base, kind: 'console', level: 'info', text: 'x' }, 'c1')).toBe(true);
    expect(isPreviewMessage({ ...base, kind: 'error', text: 'x', line: 3, column: 1 }, 'c1')).toBe(true);
    expect(isPreviewMessage({ ...base, kind: 'error', text: 'x' }, 'c1')).toBe(true);
    expect(isPreviewMessage({ ...base, kind: 'rejection', text: 'x' }, 'c1')).toBe(true);
    expect(isPreviewMessage({ ...base, kind: 'blocked', text: 'x' }, 'c1')).toBe(true);
    expect(isPreviewMessage({ ...base, kind: 'loaded' }, 'c1')).toBe(true);
  });

  it('rejects messages of another channel, another source, or an empty channel', () => {
    expect(isPreviewMessage({ ...base, kind: 'loaded' }, 'c2')).toBe(false);
    expect(isPreviewMessage({ ...base, source: 'other', kind: 'loaded' }, 'c1')).toBe(false);
    expect(isPreviewMessage({ ...base, channel: '', kind: 'loaded' }, '')).toBe(false);
  });

  it('rejects malformed data', () => {
    for (const data of [
      null,
      'easel-preview',
      42,
      [],
      { ...base },
      { ...base, kind: 'console', level: 'shout', text: 'x' },
      { ...base, kind: 'console', level: 'log', text: 1 },
      { ...base, kind: 'error', text: 'x', line: -1 },
      { ...base, kind: 'error', text: 'x', line: '3' },
      { ...base, kind: 'rejection' },
      { ...base, kind: 'navigate', text: 'x' },
    ]) {
      expect(isPreviewMessage(data, 'c1')).toBe(false);
    }
  });
});

describe('fileTypeOf', () => {
  it('types a render request file by its extension, JavaScript by default', () => {
    expect(fileTypeOf('styles/app.css')).toBe('text/css');
    expect(fileTypeOf('lucide-react-icons.63efa1c8.json')).toBe('application/json');
    expect(fileTypeOf('fonts/inter.woff2')).toBe('font/woff2');
    expect(fileTypeOf('logo.SVG')).toBe('image/svg+xml');
    expect(fileTypeOf('icon.png')).toBe('image/png');
    expect(fileTypeOf('react.4f2a.mjs')).toBe('text/javascript');
    expect(fileTypeOf('easel-generated/artifact.js')).toBe('text/javascript');
  });
});
