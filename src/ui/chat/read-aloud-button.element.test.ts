import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount } from '../test-support';
import './read-aloud-button';
import { speakableText } from './speech';

// Headless Chromium has `speechSynthesis`, but it has no voice and refuses to speak (`not-allowed`): the test
// "where the browser fails to speak" uses it as it is. The others replace `speechSynthesis` with a FAKE that
// records what it is asked to say and, like the real one, ends the utterance being spoken when cancelled.

const saved = Object.getOwnPropertyDescriptor(window, 'speechSynthesis');
afterEach(() => {
  if (saved) Object.defineProperty(window, 'speechSynthesis', saved);
  else delete (window as { speechSynthesis?: unknown }).speechSynthesis;
});

/** A fake synthesis: `said` is every text it was asked to speak, `lang` the language of the last. */
function fakeSynthesis() {
  const log = { said: [] as string[], lang: '', cancels: 0 };
  let current: SpeechSynthesisUtterance | undefined;
  Object.defineProperty(window, 'speechSynthesis', {
    configurable: true,
    value: {
      speak(u: SpeechSynthesisUtterance) {
        current = u;
        log.said.push(u.text);
        log.lang = u.lang;
      },
      cancel() {
        log.cancels++;
        current?.dispatchEvent(new Event('end'));
        current = undefined;
      },
      /** The utterance being spoken fails with `code`, as a `SpeechSynthesisErrorEvent` does. */
      fail(code: string) {
        current?.dispatchEvent(Object.assign(new Event('error'), { error: code }));
        current = undefined;
      },
      /** The utterance being spoken reaches its end. */
      finish() {
        current?.dispatchEvent(new Event('end'));
        current = undefined;
      },
    },
  });
  return {
    log,
    fail: (code: string) => (speechSynthesis as unknown as { fail(code: string): void }).fail(code),
    finish: () => (speechSynthesis as unknown as { finish(): void }).finish(),
  };
}

describe('<easel-read-aloud>', () => {
  it('speaks the answer’s words in the page’s language, shows Stop while it speaks, and Stop stops it', async () => {
    const synthesis = fakeSynthesis();
    const { screen } = await mount('easel-read-aloud', { text: 'Use **metric** units.' });
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(synthesis.log.said).toEqual(['Use metric units.']);
    expect(synthesis.log.lang).toBe(document.documentElement.lang || navigator.language);
    const stop = screen.getByRole('button', { name: 'Stop' });
    await expect.element(stop).toHaveAttribute('title', 'Stop reading');
    await userEvent.click(stop);
    await expect.element(screen.getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
    await expect.element(screen.getByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
  });

  it('turns back into Read aloud when the answer has been read to the end', async () => {
    const synthesis = fakeSynthesis();
    const { screen } = await mount('easel-read-aloud', { text: 'Short.' });
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    await expect.element(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    synthesis.finish();
    await expect.element(screen.getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
    await expect.element(screen.getByRole('status')).not.toBeInTheDocument();
  });

  it('works from the keyboard: Enter reads, Space stops', async () => {
    const synthesis = fakeSynthesis();
    const { screen } = await mount('easel-read-aloud', { text: 'By keyboard.' });
    (screen.getByRole('button', { name: 'Read aloud' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    expect(synthesis.log.said).toEqual(['By keyboard.']);
    (screen.getByRole('button', { name: 'Stop' }).element() as HTMLElement).focus();
    await userEvent.keyboard(' ');
    await expect.element(screen.getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
  });

  it('reads one answer at a time: another answer’s Read aloud stops the first', async () => {
    const synthesis = fakeSynthesis();
    const first = await mount('easel-read-aloud', { text: 'First answer.' });
    const second = await mount('easel-read-aloud', { text: 'Second answer.' });
    await userEvent.click(first.screen.getByRole('button', { name: 'Read aloud' }));
    await userEvent.click(second.screen.getByRole('button', { name: 'Read aloud' }));
    expect(synthesis.log.said).toEqual(['First answer.', 'Second answer.']);
    await expect.element(first.screen.getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
    await expect.element(second.screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    // Stopping the first had no word to say: the second's reading goes on.
    await expect.element(first.screen.getByRole('status')).not.toBeInTheDocument();
  });

  it('stops speaking when its answer leaves the page', async () => {
    const synthesis = fakeSynthesis();
    const { el, screen } = await mount('easel-read-aloud', { text: 'Going away.' });
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    const before = synthesis.log.cancels;
    el.remove();
    expect(synthesis.log.cancels).toBe(before + 1);
  });

  it('says why when the speech service fails, and clears that on the next reading', async () => {
    const synthesis = fakeSynthesis();
    const { screen } = await mount('easel-read-aloud', { text: 'Hello.' });
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    synthesis.fail('network');
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent("The browser's speech service could not be reached, so reading aloud stopped.");
    await expect.element(screen.getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    await expect.element(screen.getByRole('status')).not.toBeInTheDocument();
    synthesis.fail('voice-unavailable');
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent('The browser has no voice to read this aloud.');
  });

  it('where the browser fails to speak (headless Chromium, as it is), says so rather than nothing', async () => {
    const { screen } = await mount('easel-read-aloud', { text: 'Hello there.' });
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent(/^(The browser|Reading aloud stopped)/);
    await expect.element(screen.getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
  });

  it('shows nothing where the browser has no speech synthesis', async () => {
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: undefined });
    const { el, screen } = await mount('easel-read-aloud', { text: 'Unheard.' });
    await expect.element(screen.getByRole('button')).not.toBeInTheDocument();
    expect(el.shadowRoot?.childElementCount).toBe(0);
  });
});

describe('speakableText', () => {
  it('names code blocks and drops Markdown marks and tags', () => {
    expect(speakableText('# Title\n\nSee `x` and <b>this</b>.\n\n```py\nprint(1)\n```\nDone.')).toBe(
      'Title See x and this . (A code block.) Done.',
    );
  });
});
