import { describe, expect, it } from 'vitest';
import { appScriptUrl, installDefaultPolicy } from './trusted-types';

const built = new URL('https://easel.example/app/assets/');

describe('the default Trusted Types policy', () => {
  it("accepts the app's own scripts, as absolute URLs", () => {
    expect(appScriptUrl('https://easel.example/app/assets/stream-worker-Dws9.js', built)).toBe(
      'https://easel.example/app/assets/stream-worker-Dws9.js',
    );
    expect(appScriptUrl('image-worker-Ch4.js', built)).toBe(
      'https://easel.example/app/assets/image-worker-Ch4.js',
    );
    const dev = new URL('http://127.0.0.1:5173/src/');
    expect(appScriptUrl('/src/llm/stream-worker.ts?worker_file&type=module', dev)).toBe(
      'http://127.0.0.1:5173/src/llm/stream-worker.ts?worker_file&type=module',
    );
  });

  it('refuses other origins, other folders of the origin and non-http schemes', () => {
    for (const input of [
      'https://attacker.example/app/assets/w.js',
      'http://easel.example/app/assets/w.js',
      '//attacker.example/w.js',
      'https://easel.example/app/w.js',
      'https://easel.example/app/assets/../uploads/w.js',
      'https://easel.example/app/assets/%2e%2e/w.js',
      'https://easel.example/app/assetsx/w.js',
      'blob:https://easel.example/0b7e4c1a-2f52-4d1e-9b0a-6b2f1c9e8d71',
      'data:text/javascript,postMessage(1)',
      'javascript:alert(1)',
      'http://[::1',
    ])
      expect(appScriptUrl(input, built), input).toBeNull();
  });

  it('is installed once, with createScriptURL only, and not where Trusted Types are missing', () => {
    const made: { name: string; rules: object }[] = [];
    const factory = {
      defaultPolicy: null as unknown,
      createPolicy(name: 'default', rules: { createScriptURL(input: string): string | null }) {
        made.push({ name, rules });
        factory.defaultPolicy = rules;
        return rules;
      },
    };
    installDefaultPolicy(factory, built);
    installDefaultPolicy(factory, built);
    installDefaultPolicy(undefined, built);
    expect(made.map((m) => m.name)).toEqual(['default']);
    expect(Object.keys(made[0]?.rules ?? {})).toEqual(['createScriptURL']);
  });
});
