/**
 * The browser's own speech objects, as the voice controls use them: recognition for `Dictate` (where the browser
 * has it) and synthesis for `Read aloud`. Easel itself never records, keeps or sends audio.
 */
import { msg, str } from '../l10n';
import { plainText } from '../plain-text';

/** What dictation needs of a `SpeechRecognition` (Chromium names it `webkitSpeechRecognition`). */
export interface Recognition extends EventTarget {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  start(): void;
  stop(): void;
  abort(): void;
}

/** The browser's speech recognition, or `undefined` where there is none (Firefox, for one). */
export function recognitionClass(): (new () => Recognition) | undefined {
  const w = window as unknown as Record<string, unknown>;
  const found = w.SpeechRecognition ?? w.webkitSpeechRecognition;
  return typeof found === 'function' ? (found as new () => Recognition) : undefined;
}

/**
 * Said before the first dictation of a page: where the browser's recognition sends the voice. Chrome and the
 * browsers built on Chromium send it to their maker's speech service (Google's, for Chrome) unless the
 * recognition runs on the device; Safari may use Apple's servers (Siri).
 */
export const dictationNotice = (): string =>
  msg(
    "Dictation uses your browser's speech recognition. In Chrome and other Chromium-based browsers, the browser sends the audio from your microphone to its maker's speech service (Google's servers, for Chrome) to turn it into text; Safari may send it to Apple. Easel never receives, keeps or sends the audio itself: only the words appear in the message box, and nothing is sent to Claude until you press Send.",
  );

/** Why recognition stopped, in words, from its `error` event's code (the Web Speech API's list). */
export function recognitionProblem(code: string): string {
  switch (code) {
    case 'not-allowed':
    case 'service-not-allowed':
      return msg(
        'Dictation was not allowed: let this page use the microphone (and speech recognition) in the browser.',
      );
    case 'audio-capture':
      return msg('No microphone was found.');
    case 'network':
      return msg("The browser's speech service could not be reached, so dictation stopped.");
    case 'no-speech':
      return msg('No speech was heard.');
    case 'language-not-supported':
      return msg("The browser's speech recognition does not support this language.");
    default:
      return msg(str`Dictation stopped (${code}).`);
  }
}

/**
 * Why reading aloud stopped, in words, from its utterance's `error` code (the Web Speech API's list); empty for
 * `interrupted` and `canceled`, which mean the person stopped it or another answer started.
 */
export function synthesisProblem(code: string): string {
  switch (code) {
    case 'interrupted':
    case 'canceled':
      return '';
    case 'not-allowed':
      return msg('The browser did not allow reading aloud on this page.');
    case 'synthesis-unavailable':
    case 'voice-unavailable':
    case 'language-unavailable':
      return msg('The browser has no voice to read this aloud.');
    case 'network':
      return msg("The browser's speech service could not be reached, so reading aloud stopped.");
    default:
      return msg(str`Reading aloud stopped (${code}).`);
  }
}

/**
 * An answer as words to speak: code blocks are named rather than read symbol by symbol, HTML tags dropped, and
 * the Markdown marks removed (`plainText`).
 */
export function speakableText(markdown: string): string {
  const withoutCode = markdown
    .replace(/^\s*(```|~~~)[^\n]*\n[\s\S]*?(?:^\s*\1\s*$|(?![\s\S]))/gm, '\n(A code block.)\n')
    .replace(/<[^>\n]+>/g, ' ');
  return plainText(withoutCode);
}
