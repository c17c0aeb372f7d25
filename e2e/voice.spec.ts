import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, messageRequests, send, test } from './support/test';

// Dictation and read-aloud with the browser's speech objects STUBBED: the test browser has no microphone and no
// speech service, so `webkitSpeechRecognition` and `speechSynthesis` are replaced, before the app loads, by
// stand-ins that record what the app asked of them and answer as the Web Speech API does (a `result` event
// with a final transcript; an utterance's `end` event when cancelled).

/** Replaces the speech objects before the app loads (`recognition: false`: a browser that has none). */
async function stubSpeech(page: Page, { recognition }: { recognition: boolean }): Promise<void> {
  await page.addInitScript(
    ({ recognition }) => {
      const w = window as unknown as Record<string, unknown>;
      const log: string[] = [];
      w.__speechLog = log;
      delete w.SpeechRecognition;
      delete w.webkitSpeechRecognition;
      if (recognition) {
        w.webkitSpeechRecognition = class extends EventTarget {
          lang = '';
          continuous = false;
          interimResults = false;
          start() {
            log.push(`start ${this.lang}`);
            setTimeout(() => {
              const result = Object.assign([{ transcript: 'remind me to buy milk' }], { isFinal: true });
              this.dispatchEvent(Object.assign(new Event('result'), { results: [result], resultIndex: 0 }));
            }, 10);
          }
          stop() {
            log.push('stop');
            this.dispatchEvent(new Event('end'));
          }
          abort() {
            this.stop();
          }
        };
      }
      let current: EventTarget | undefined;
      Object.defineProperty(window, 'speechSynthesis', {
        configurable: true,
        value: {
          speak(u: SpeechSynthesisUtterance) {
            current = u;
            log.push(`speak ${u.text}`);
          },
          cancel() {
            log.push('cancel');
            current?.dispatchEvent(new Event('end'));
            current = undefined;
          },
        },
      });
    },
    { recognition },
  );
  await page.reload();
}

const speechLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __speechLog: string[] }).__speechLog);

test('Dictate says where the voice goes, then dictates into the message box', async ({ app, anthropic }) => {
  await stubSpeech(app, { recognition: true });
  await app.getByRole('textbox', { name: 'Message' }).fill('Please');
  await app.getByRole('button', { name: 'Dictate' }).click();
  const notice = app.getByRole('alertdialog', { name: 'Before you dictate' });
  await expect(notice).toContainText("its maker's speech service (Google's servers, for Chrome)");
  // Nothing listens before the person agrees.
  expect(await speechLog(app)).toEqual([]);
  await notice.getByRole('button', { name: 'Start dictating' }).click();
  await expect(app.getByRole('textbox', { name: 'Message' })).toHaveValue('Please remind me to buy milk');
  await app.getByRole('button', { name: 'Dictate' }).click();
  expect(await speechLog(app)).toEqual(['start en', 'stop']);
  await expect(app.getByRole('button', { name: 'Dictate' })).toHaveAttribute('aria-pressed', 'false');

  // The words are sent only with Send, as typed text.
  await anthropic.reply(sse.text('Noted: milk.'));
  await app.getByRole('button', { name: 'Send' }).click();
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('Noted: milk.');
  const [request] = await messageRequests(anthropic);
  expect(JSON.stringify(request?.body.messages)).toContain('Please remind me to buy milk');
});

test('where the browser has no speech recognition, Dictate says so', async ({ app }) => {
  await stubSpeech(app, { recognition: false });
  await app.getByRole('button', { name: 'Dictate' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'no speech recognition' })).toHaveText(
    'This browser has no speech recognition, so dictation is not available here (Chrome, Edge and Safari have it).',
  );
});

test('Read aloud speaks the answer’s words, not its Markdown or code, and Stop stops it', async ({
  app,
  anthropic,
}) => {
  await stubSpeech(app, { recognition: true });
  await anthropic.reply(
    sse.text('## Steps\n\n**Boil** the water.\n\n```js\nconsole.log(1);\n```\n\nThen *wait*.'),
  );
  await send(app, 'How do I make tea?');
  const answer = app.getByRole('article', { name: 'Claude' });
  await expect(answer).toContainText('Then wait.');
  await answer.getByRole('button', { name: 'Read aloud' }).click();
  await expect(answer.getByRole('button', { name: 'Stop' })).toBeVisible();
  const log = await speechLog(app);
  expect(log.at(-1)).toBe('speak Steps Boil the water. (A code block.) Then wait.');
  await answer.getByRole('button', { name: 'Stop' }).click();
  await expect(answer.getByRole('button', { name: 'Read aloud' })).toBeVisible();
  expect((await speechLog(app)).at(-1)).toBe('cancel');
});
