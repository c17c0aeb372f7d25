/**
 * How the interface writes numbers, sizes, costs, dates and times: every one through `Intl`, in the active
 * language (`activeLanguage()`), so a language is switched in one place. Formatters are made once per language.
 */
import type { Usage } from '../agent';
import { activeLanguage, msg, str } from './l10n';

const cache = new Map<string, Intl.NumberFormat>();

function numbers(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = activeLanguage();
  const id = `${locale}|${key}`;
  let found = cache.get(id);
  if (!found) {
    found = new Intl.NumberFormat(locale, options);
    cache.set(id, found);
  }
  return found;
}

/** 1234 → "1,234" (in English). */
export function formatNumber(n: number): string {
  return numbers('integer', { maximumFractionDigits: 0 }).format(n);
}

/** 0.42 → "42%". */
export function formatPercent(share: number): string {
  return numbers('percent', { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** 1234 → "1,234". */
export function formatTokens(n: number): string {
  return formatNumber(n);
}

/** 200000 → "200K", 1000000 → "1M" (in Chinese "20万", "100万"). */
export function formatWindow(n: number): string {
  return numbers('compact', { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}

/** US dollars, with enough precision for small amounts: "$0", "$0.0012", "$1.50". */
export function formatCost(dollars: number): string {
  const digits = dollars === 0 ? 0 : dollars < 0.01 ? 4 : 2;
  return numbers(`usd${digits}`, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(dollars);
}

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * 1 → "1 byte", 30605 → "29.9 KB", 521990 → "510 KB" (binary multiples, as file managers show; one decimal
 * below 100, none from 100; the number in the active language's digits and separators).
 */
export function formatBytes(n: number): string {
  let value = Math.max(0, n);
  let unit = -1;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit < 0) return value === 1 ? msg('1 byte') : msg(str`${formatNumber(value)} bytes`);
  const digits = value >= 100 ? 0 : 1;
  return `${numbers(`size${digits}`, { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}

/** A date as the active language writes it. */
export function formatDate(time: number): string {
  return new Date(time).toLocaleDateString(activeLanguage());
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", else the date. */
export function formatAgo(time: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - time) / 1000));
  if (seconds < 60) return msg('just now');
  const relative = new Intl.RelativeTimeFormat(activeLanguage(), { numeric: 'always' });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 14) return relative.format(-days, 'day');
  return formatDate(time);
}

/** "1,234 in · 56 out · 1,000 cached · $0.0123" */
export function formatUsage(usage: Usage): string {
  const parts = [msg(str`${formatTokens(usage.input)} in`), msg(str`${formatTokens(usage.output)} out`)];
  if (usage.cacheRead > 0) parts.push(msg(str`${formatTokens(usage.cacheRead)} cache read`));
  if (usage.cacheWrite > 0) parts.push(msg(str`${formatTokens(usage.cacheWrite)} cache write`));
  const searches = usage.serverTools?.webSearches ?? 0;
  if (searches > 0) {
    const cost = usage.cost?.webSearch;
    const count = searches === 1 ? msg('1 web search') : msg(str`${formatNumber(searches)} web searches`);
    parts.push(cost !== undefined ? `${count} (${formatCost(cost)})` : count);
  }
  const fetches = usage.serverTools?.webFetches ?? 0;
  if (fetches > 0)
    parts.push(fetches === 1 ? msg('1 page read') : msg(str`${formatNumber(fetches)} pages read`));
  parts.push(usage.cost ? formatCost(usage.cost.total) : msg('cost unknown'));
  return parts.join(' · ');
}

/** Tokens the context held for an answer: everything sent plus what came back. */
export function contextTokens(usage: Usage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite + usage.output;
}
