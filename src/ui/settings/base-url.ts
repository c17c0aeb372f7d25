import { msg } from '../l10n'; /** Explains what is wrong with a base URL, or returns '' when it is usable (empty means the official API). */
export function checkBaseUrl(value: string): string {
  if (value === '') return '';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not a URL. Enter an address such as https://api.anthropic.com, or leave it empty.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return msg('The API base URL must start with https:// (or http:// for a server on this computer).');
  }
  return '';
}
