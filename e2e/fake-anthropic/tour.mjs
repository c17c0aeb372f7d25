// @ts-check
/**
 * The tour of manual mode (`npm run fake-api`): `/tour` lists what Easel can do, and each step's command plays
 * it as the real API would stream it — artifacts (a React component with a chart, an HTML page whose console
 * reaches Claude, a tool call that fails), thinking, rich Markdown — so a newcomer sees every part of the app in a
 * minute, with no key.
 */
/** @import { ResponseSpec } from './types.js' */

import { sse } from './responses.mjs';

/** Slow enough to watch the answer (and the file) grow. */
const PACE = { deltaSize: 24, delayMs: 12 };

const CHART = `import React, { useState } from 'react';
import { BarChart, Bar, XAxis, YAxis, CartesianGrid, Tooltip } from 'recharts';
import { Sun, CloudRain } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';

const WEEKS = {
  sunny: [{ day: 'Mon', hours: 7 }, { day: 'Tue', hours: 9 }, { day: 'Wed', hours: 8 }, { day: 'Thu', hours: 10 }, { day: 'Fri', hours: 6 }],
  rainy: [{ day: 'Mon', hours: 2 }, { day: 'Tue', hours: 1 }, { day: 'Wed', hours: 3 }, { day: 'Thu', hours: 0 }, { day: 'Fri', hours: 4 }],
};

export default function Sunshine() {
  const [week, setWeek] = useState('sunny');
  return (
    <div className="p-6 bg-amber-50 min-h-screen">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            {week === 'sunny' ? <Sun className="text-amber-500" /> : <CloudRain className="text-sky-600" />}
            Hours of sunshine
          </CardTitle>
        </CardHeader>
        <CardContent>
          <BarChart width={420} height={220} data={WEEKS[week]}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis />
            <Tooltip />
            <Bar dataKey="hours" fill={week === 'sunny' ? '#f59e0b' : '#0284c7'} />
          </BarChart>
          <Button className="mt-4" onClick={() => setWeek(week === 'sunny' ? 'rainy' : 'sunny')}>
            Show the {week === 'sunny' ? 'rainy' : 'sunny'} week
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Tip calculator</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 24rem; margin: 2rem auto; }
    label { display: block; margin: 0.75rem 0 0.25rem; }
    output { font-size: 2rem; font-weight: bold; }
  </style>
</head>
<body>
  <h1>Tip calculator</h1>
  <label for="bill">Bill</label>
  <input id="bill" type="number" value="42" min="0">
  <label for="tip">Tip: <span id="pct">15</span> %</label>
  <input id="tip" type="range" min="0" max="30" value="15">
  <p>Total: <output id="total"></output></p>
  <script>
    const bill = document.getElementById('bill');
    const tip = document.getElementById('tip');
    function update() {
      document.getElementById('pct').textContent = tip.value;
      const total = Number(bill.value) * (1 + Number(tip.value) / 100);
      document.getElementById('total').textContent = total.toFixed(2);
      console.log('total', total.toFixed(2));
    }
    bill.addEventListener('input', update);
    tip.addEventListener('input', update);
    update();
    // A deliberate mistake, so the console shows an error and Fix has something to send.
    document.getElementById('reset').addEventListener('click', update);
  </script>
</body>
</html>
`;

const MARKDOWN = `Here is what an answer can hold.

## A table

| Library | What for | On the shelf |
| --- | --- | --- |
| React | components | yes |
| recharts | charts | yes |
| d3 | data visualisation | yes |

## Code, with its language and a Copy button

\`\`\`ts
export function greet(name: string): string {
  return \`Hello, \${name}!\`;
}
\`\`\`

## Lists and links

1. Drop a file on the chat, or paste a screenshot.
2. Press **Ctrl+K** for the command palette, **?** for the shortcuts.
3. Read more in [the Anthropic docs](https://docs.anthropic.com/).

> Quotes, *emphasis*, \`inline code\` and ~~strike-through~~ work too.
`;

/** Each step of the tour: its command, what it shows, and the answer it plays. */
const STEPS = /** @type {const} */ ([
  [
    '/chart',
    'a React artifact with a chart (recharts, lucide-react icons, shadcn/ui, Tailwind) in the panel',
  ],
  [
    '/page',
    'an HTML page that runs in the sandbox; its console (with an error) reaches Claude, and `Fix` sends it',
  ],
  ['/tool-error', 'a tool call that fails: the card shows the error Claude is given'],
  ['/thinking', 'an answer that thinks first (the thinking block folds away)'],
  ['/markdown', 'tables, code with Copy, lists, links and quotes'],
  ['/error 429', 'a rate limit: the wait is shown, then `Retry` (also `/error 401` for a refused key)'],
  ['/drop', 'a connection cut mid-answer: what arrived is kept, with `Retry`'],
  ['/hang', 'an answer that never comes: `Stop` (or Esc)'],
]);

const TOUR = [
  '**Welcome to Easel.** This is the fake Anthropic server: nothing here calls a model, but every answer is streamed',
  'exactly as the real API streams it. Send any of these to see a part of the app:',
  '',
  ...STEPS.map(([command, what]) => `- \`${command}\` — ${what}`),
  '',
  'Also try: `Edit` on your message, `Regenerate` on an answer, `Sessions` (and `Search sessions`), `Export all` in',
  'Settings, Ctrl+K (⌘K) for the command palette and `?` for the keyboard shortcuts. `/help` lists the recorded',
  'streams you can play with `/fixture NAME`.',
].join('\n');

/** The tour's commands (`/tour` and each step), for the command pattern of manual mode. */
export const TOUR_COMMANDS = ['tour', 'chart', 'page', 'tool-error', 'thinking', 'markdown'];

/**
 * The answer to a tour command, or `undefined` when `command` is not one.
 * @param {string} command Without its slash.
 * @param {{ model?: string }} options
 * @returns {ResponseSpec | undefined}
 */
export function tourReply(command, options) {
  const paced = { ...PACE, ...options };
  switch (command) {
    case 'tour':
      return sse.text(TOUR, { ...paced, deltaSize: 40 });
    case 'chart':
      return sse.toolUse({
        name: 'artifacts',
        text: 'Here is a chart of this week’s sunshine; the button switches to a rainy week.',
        input: { command: 'create', filename: 'Sunshine.tsx', content: CHART },
        ...paced,
      });
    case 'page':
      return sse.toolUse({
        name: 'artifacts',
        text: 'A tip calculator as a web page. Move the slider; the console shows each total.',
        input: { command: 'create', filename: 'tips.html', content: PAGE },
        ...paced,
      });
    case 'tool-error':
      return sse.toolUse({
        name: 'artifacts',
        text: 'Let me change a file that does not exist, to show what a failing tool call looks like.',
        input: { command: 'update', filename: 'missing.txt', old_str: 'old', new_str: 'new' },
        ...paced,
      });
    case 'thinking':
      return sse.thinking({
        thinking:
          'The person wants to see thinking. A short chain: 17 × 24 = 17 × 20 + 17 × 4 = 340 + 68 = 408. ' +
          'Check: 408 / 24 = 17. Good.',
        text: '17 × 24 = **408**. Open the thinking block above to see how I got there.',
        signature: 'tour-signature',
        ...paced,
      });
    case 'markdown':
      return sse.text(MARKDOWN, paced);
    default:
      return undefined;
  }
}

/**
 * The answer after a tool ran in the tour: what the tool told "Claude", so the turn ends as a real one would.
 * @param {string} result The tool results' text.
 * @param {{ model?: string }} options
 * @returns {ResponseSpec}
 */
export function afterToolReply(result, options) {
  const shown = result.length > 600 ? `${result.slice(0, 600)}…` : result;
  const quoted = shown
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return sse.text(
    `The tool answered (a real model would read this and go on):\n\n${quoted || '> (nothing)'}\n\n` +
      'Type `/tour` for the other parts of the tour.',
    { ...PACE, ...options },
  );
}
