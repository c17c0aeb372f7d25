import type { Usage } from '../agent';

const integer = new Intl.NumberFormat('en-US');

/** 1234 → "1,234". */
export function formatTokens(n: number): string {
  return integer.format(n);
}

/** 200000 → "200K", 1000000 → "1M". */
export function formatWindow(n: number): string {
  if (n >= 1_000_000) return `${n / 1_000_000}M`;
  if (n >= 1000) return `${Math.round(n / 1000)}K`;
  return String(n);
}

/** US dollars, with enough precision for small amounts. */
export function formatCost(dollars: number): string {
  if (dollars === 0) return '$0';
  if (dollars < 0.01) return `$${dollars.toFixed(4)}`;
  return `$${dollars.toFixed(2)}`;
}

/** "1,234 in · 56 out · 1,000 cached · $0.0123" */
export function formatUsage(usage: Usage): string {
  const parts = [`${formatTokens(usage.input)} in`, `${formatTokens(usage.output)} out`];
  if (usage.cacheRead > 0) parts.push(`${formatTokens(usage.cacheRead)} cache read`);
  if (usage.cacheWrite > 0) parts.push(`${formatTokens(usage.cacheWrite)} cache write`);
  const searches = usage.serverTools?.webSearches ?? 0;
  if (searches > 0) {
    const cost = usage.cost?.webSearch;
    parts.push(
      `${searches} web ${searches === 1 ? 'search' : 'searches'}${cost !== undefined ? ` (${formatCost(cost)})` : ''}`,
    );
  }
  const fetches = usage.serverTools?.webFetches ?? 0;
  if (fetches > 0) parts.push(`${fetches} ${fetches === 1 ? 'page' : 'pages'} read`);
  parts.push(usage.cost ? formatCost(usage.cost.total) : 'cost unknown');
  return parts.join(' · ');
}

/** Tokens the context held for an answer: everything sent plus what came back. */
export function contextTokens(usage: Usage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite + usage.output;
}
