import { afterEach, describe, expect, it } from 'vitest';
import { type Locator, userEvent } from 'vitest/browser';
import { mount, recordEvents } from '../test-support';
import './dictate-button';

// Headless Chromium has `webkitSpeechRecognition`, but with no microphone permission every start ends in a
// `not-allowed` error: the test "when the browser refuses the microphone" uses it as it is. The others replace it
// with a FAKE recognition (no microphone, no speech service here) that logs what it is asked and fires the
// events the Web Speech API fires (`result` with interim and final transcripts, `error`, `end`).

const w = window as unknown as Record<string, unknown>;
const saved = { prefixed: w.webkitSpeechRecognition, unprefixed: w.SpeechRecognition };
afterEach(() => {
  w.webkitSpeechRecognition = saved.prefixed;
  w.SpeechRecognition = saved.unprefixed;
});

type Heard = readonly { readonly words: string; readonly final: boolean }[];

/** A fake recognition; `started` is the one running now, to make it hear words or fail. */
function fakeRecognition(options: { startThrows?: Error } = {}) {
  const fake = {
    log: [] as string[],
    started: undefined as
      | (EventTarget & { lang: string; continuous: boolean; interimResults: boolean })
      | undefined,
    hear(heard: Heard) {
      const results = heard.map((h) => Object.assign([{ transcript: h.words }], { isFinal: h.final }));
      fake.started?.dispatchEvent(Object.assign(new Event('result'), { results, resultIndex: 0 }));
    },
    fail(code: string) {
      const target = fake.started;
      target?.dispatchEvent(Object.assign(new Event('error'), { error: code }));
      target?.dispatchEvent(new Event('end'));
    },
  };
  w.SpeechRecognition = undefined;
  w.webkitSpeechRecognition = class extends EventTarget {
    lang = '';
    continuous = false;
    interimResults = false;
    start() {
      if (options.startThrows) throw options.startThrows;
      fake.log.push('start');
      fake.started = this;
    }
    stop() {
      fake.log.push('stop');
      this.dispatchEvent(new Event('end'));
    }
    abort() {
      fake.log.push('abort');
      this.dispatchEvent(new Event('end'));
    }
  };
  return fake;
}

const dictate = (screen: Locator) => screen.getByRole('button', { name: 'Dictate' });

// The notice is asked for once a page: this first test agrees to it, and the tests after it start at once.
describe('<easel-dictate-button>, before the first dictation', () => {
  it('says where the voice goes, starts nothing on Not now, and starts on Start dictating', async () => {
    const fake = fakeRecognition();
    const { screen } = await mount('easel-dictate-button');
    await expect.element(dictate(screen)).toHaveAttribute('aria-pressed', 'false');
    await expect.element(dictate(screen)).toHaveAttribute('title', 'Dictate into the message box');
    await userEvent.click(dictate(screen));
    const notice = screen.getByRole('alertdialog', { name: 'Before you dictate' });
    await expect.element(notice).toHaveAccessibleDescription(/Google's servers, for Chrome/);
    await userEvent.click(notice.getByRole('button', { name: 'Not now' }));
    await expect.element(notice).not.toBeInTheDocument();
    expect(fake.log).toEqual([]);
    await userEvent.click(dictate(screen));
    await userEvent.click(notice.getByRole('button', { name: 'Start dictating' }));
    await expect.element(notice).not.toBeInTheDocument();
    expect(fake.log).toEqual(['start']);
    await expect.element(dictate(screen)).toHaveAttribute('aria-pressed', 'true');
    await expect.element(dictate(screen)).toHaveAttribute('title', 'Stop dictating');
    await expect.element(screen.getByRole('status')).toHaveTextContent('Listening…');
  });
});

describe('<easel-dictate-button>', () => {
  it('shows the words being heard and sends the final ones, in the page’s language, until stopped', async () => {
    const fake = fakeRecognition();
    const { screen, parent } = await mount('easel-dictate-button');
    const sent = recordEvents(parent, 'dictation');
    await userEvent.click(dictate(screen));
    expect(fake.started?.lang).toBe(document.documentElement.lang || navigator.language);
    expect(fake.started?.continuous).toBe(true);
    expect(fake.started?.interimResults).toBe(true);
    fake.hear([{ words: 'buy so', final: false }]);
    await expect.element(screen.getByRole('status')).toHaveTextContent('buy so');
    expect(sent).toEqual([]);
    fake.hear([{ words: ' buy some milk ', final: true }]);
    await expect.poll(() => sent.map((e) => e.text)).toEqual(['buy some milk']);
    await expect.element(screen.getByRole('status')).toHaveTextContent('Listening…');
    await userEvent.click(dictate(screen));
    expect(fake.log).toEqual(['start', 'stop']);
    await expect.element(dictate(screen)).toHaveAttribute('aria-pressed', 'false');
    await expect.element(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('works from the keyboard: Enter starts, Space stops', async () => {
    const fake = fakeRecognition();
    const { screen } = await mount('easel-dictate-button');
    (dictate(screen).element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(dictate(screen)).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard(' ');
    await expect.element(dictate(screen)).toHaveAttribute('aria-pressed', 'false');
    expect(fake.log).toEqual(['start', 'stop']);
  });

  it('says why recognition stopped, from its error code', async () => {
    const fake = fakeRecognition();
    const { screen } = await mount('easel-dictate-button');
    const cases: [string, string][] = [
      ['no-speech', 'No speech was heard.'],
      ['audio-capture', 'No microphone was found.'],
      ['network', "The browser's speech service could not be reached, so dictation stopped."],
      ['aborted', 'Dictation stopped (aborted).'],
    ];
    for (const [code, text] of cases) {
      await userEvent.click(dictate(screen));
      await expect.element(dictate(screen)).toHaveAttribute('aria-pressed', 'true');
      fake.fail(code);
      await expect.element(screen.getByRole('status')).toHaveTextContent(text);
      await expect.element(dictate(screen)).toHaveAttribute('aria-pressed', 'false');
    }
  });

  it('when the browser refuses the microphone (headless Chromium, as it is), says how to allow it', async () => {
    const { screen } = await mount('easel-dictate-button');
    await userEvent.click(dictate(screen));
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent(
        'Dictation was not allowed: let this page use the microphone (and speech recognition) in the browser.',
      );
    await expect.element(dictate(screen)).toHaveAttribute('aria-pressed', 'false');
  });

  it('says so when recognition cannot start', async () => {
    fakeRecognition({
      startThrows: new DOMException('recognition has already started', 'InvalidStateError'),
    });
    const { screen } = await mount('easel-dictate-button');
    await userEvent.click(dictate(screen));
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent(/^Dictation could not start: .*recognition has already started/);
    await expect.element(dictate(screen)).toHaveAttribute('aria-pressed', 'false');
  });

  it('stops listening when it leaves the page', async () => {
    const fake = fakeRecognition();
    const { el, screen } = await mount('easel-dictate-button');
    await userEvent.click(dictate(screen));
    el.remove();
    expect(fake.log).toEqual(['start', 'abort']);
  });

  it('says so where the browser has no speech recognition, and asks nothing', async () => {
    w.webkitSpeechRecognition = undefined;
    w.SpeechRecognition = undefined;
    const { screen } = await mount('easel-dictate-button');
    await userEvent.click(dictate(screen));
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent(
        'This browser has no speech recognition, so dictation is not available here (Chrome, Edge and Safari have it).',
      );
    await expect.element(screen.getByRole('alertdialog')).not.toBeInTheDocument();
    await expect.element(dictate(screen)).toHaveAttribute('aria-pressed', 'false');
  });
});
