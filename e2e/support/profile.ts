import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every file under `dir` (a browser profile) whose bytes contain `needle`, in UTF-8 or UTF-16, as databases
 * may store text: how the tests check that a secret was erased from the disk, not only from what the app reads.
 */
export function filesContaining(dir: string, needle: string): string[] {
  const utf8 = Buffer.from(needle, 'utf8');
  const utf16 = Buffer.from(needle, 'utf16le');
  const found: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const child = join(path, name);
      const stat = statSync(child, { throwIfNoEntry: false });
      if (!stat) continue;
      if (stat.isDirectory()) walk(child);
      else if (stat.isFile()) {
        const bytes = readFileSync(child);
        if (bytes.includes(utf8) || bytes.includes(utf16)) found.push(child.slice(dir.length + 1));
      }
    }
  };
  walk(dir);
  return found;
}
