import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount, recordEvents } from '../test-support';
import './dictate-button';
import './read-aloud-button';
import { speakableText } from './speech';

// The browser's speech objects are STUBBED here (no microphone, no speech service in the test browser): a fake
// recognition that hears one phrase, and a fake synthesis that records what it is asked to say.

const w = window as unknown as Record<string, unknown>;
const saved = {
  recognition: w.webkitSpeechRecognition,
  unprefixed: w.SpeechRecognition,
  synthesis: Object.getOwnPropertyDescriptor(window, 'speechSynthesis'),
};
afterEach(() => {
  w.webkitSpeechRecognition = saved.recognition;
  w.SpeechRecognition = saved.unprefixed;
  if (saved.synthesis) Object.defineProperty(window, 'speechSynthesis', saved.synthesis);
});

function fakeRecognition(log: string[]) {
  w.SpeechRecognition = undefined;
  w.webkitSpeechRecognition = class extends EventTarget {
    lang = '';
    continuous = false;
    interimResults = false;
    start() {
      log.push('start');
      const heard = Object.assign([{ transcript: 'buy milk' }], { isFinal: true });
      queueMicrotask(() =>
        this.dispatchEvent(Object.assign(new Event('result'), { results: [heard], resultIndex: 0 })),
      );
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

describe('<easel-dictate-button>', () => {
  it('says where the voice goes before the first use, then sends the words heard', async () => {
    const log: string[] = [];
    fakeRecognition(log);
    const { screen, el } = await mount('easel-dictate-button');
    const heard = recordEvents(el, 'dictation');
    await userEvent.click(screen.getByRole('button', { name: 'Dictate' }));
    const notice = screen.getByRole('alertdialog', { name: 'Before you dictate' });
    await expect.element(notice).toHaveTextContent(/Google's servers, for Chrome/);
    expect(log).toEqual([]);
    await userEvent.click(notice.getByRole('button', { name: 'Start dictating' }));
    await expect.poll(() => heard.map((e) => e.text)).toEqual(['buy milk']);
    await expect
      .element(screen.getByRole('button', { name: 'Dictate' }))
      .toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Dictate' }));
    expect(log).toEqual(['start', 'stop']);
    await expect
      .element(screen.getByRole('button', { name: 'Dictate' }))
      .toHaveAttribute('aria-pressed', 'false');
  });

  it('says so where the browser has no speech recognition', async () => {
    w.webkitSpeechRecognition = undefined;
    w.SpeechRecognition = undefined;
    const { screen } = await mount('easel-dictate-button');
    await userEvent.click(screen.getByRole('button', { name: 'Dictate' }));
    await expect.element(screen.getByRole('status')).toHaveTextContent(/no speech recognition/);
  });
});

describe('<easel-read-aloud>', () => {
  it('speaks the answer’s words and stops', async () => {
    const said: string[] = [];
    let current: EventTarget | undefined;
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: {
        speak: (u: SpeechSynthesisUtterance) => {
          current = u;
          said.push(u.text);
        },
        cancel: () => {
          current?.dispatchEvent(new Event('end'));
          current = undefined;
        },
      },
    });
    const { screen } = await mount('easel-read-aloud', { text: 'Use **metric** units.' });
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(said).toEqual(['Use metric units.']);
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await expect.element(screen.getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
  });
});

describe('speakableText', () => {
  it('names code blocks and drops Markdown marks and tags', () => {
    expect(speakableText('# Title\n\nSee `x` and <b>this</b>.\n\n```py\nprint(1)\n```\nDone.')).toBe(
      'Title See x and this . (A code block.) Done.',
    );
  });
});
