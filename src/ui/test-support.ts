/**
 * Support for the element tests (`*.element.test.ts`, run in Chromium by Vitest's browser mode): put one
 * element on the page alone, record the events it fires, and build the messages it is given. Not public.
 *
 * Vitest's locators (`page.getByRole`, `locator.getByRole`) pierce open shadow roots, so tests find what is
 * inside an element by role and accessible name, as a person (or Playwright in the end-to-end tests) would.
 */
import { onTestFinished } from 'vitest';
import { type Locator, page } from 'vitest/browser';
import type { AgentMessage, AssistantContent, AssistantMessage, Usage, UserMessage } from '../agent';
import { record } from '../artifacts/test-support';
import type { ArtifactMessage } from '../messages';

/** Writable properties of an element, to set before it is first rendered. */
export type Props<E> = { -readonly [K in keyof E]?: E[K] };

export interface Mounted<E extends HTMLElement> {
  readonly el: E;
  /** The element's content (its shadow root included) and its slotted children, to query by role. */
  readonly screen: Locator;
  /** The element's parent: events that bubble out of the element reach it. */
  readonly parent: HTMLElement;
}

let mounts = 0;

/**
 * Puts `<tag>` with `props` inside a fresh container on the page and waits for its first render. The
 * container (and so the element) is removed when the test ends.
 */
export async function mount<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props<HTMLElementTagNameMap[K]> = {},
  options: {
    /** Light-DOM children (slotted content). */
    readonly children?: readonly Node[];
    /** Inline style of the container (e.g. a fixed height for a scrolling element). */
    readonly style?: string;
    /** Runs on the container before the element joins it (e.g. to provide a context). */
    readonly setup?: (parent: HTMLElement) => void;
  } = {},
): Promise<Mounted<HTMLElementTagNameMap[K]>> {
  const parent = document.createElement('div');
  // Located by a test id rather than by `page.elementLocator`, which finds an element by its text at the time.
  const testId = `mounted-${++mounts}`;
  parent.dataset.testid = testId;
  if (options.style) parent.setAttribute('style', options.style);
  const el = document.createElement(tag);
  Object.assign(el, props);
  el.append(...(options.children ?? []));
  document.body.append(parent);
  options.setup?.(parent);
  parent.append(el);
  onTestFinished(() => parent.remove());
  await settled(el);
  return { el, screen: page.getByTestId(testId), parent };
}

/** Waits until a Lit element (and any Lit element in its shadow root) has no update pending. */
export async function settled(el: Element): Promise<void> {
  for (let round = 0; round < 10; round++) {
    const pending = [el, ...(el.shadowRoot?.querySelectorAll('*') ?? [])].filter(
      (e): e is Element & { updateComplete: Promise<boolean> } => 'updateComplete' in e,
    );
    const results = await Promise.all(pending.map((e) => e.updateComplete));
    if (results.every(Boolean)) return;
  }
}

/** The element that has focus, looked for inside shadow roots (`document.activeElement` stops at a host). */
export function focusedElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * Records every `type` event that reaches `target` (an element's parent, to check that it bubbles out;
 * `document`, to check that it also crosses shadow roots).
 */
export function recordEvents<K extends keyof HTMLElementEventMap>(
  target: EventTarget,
  type: K,
): HTMLElementEventMap[K][] {
  const seen: HTMLElementEventMap[K][] = [];
  const listener = (e: Event) => seen.push(e as HTMLElementEventMap[K]);
  target.addEventListener(type, listener);
  onTestFinished(() => target.removeEventListener(type, listener));
  return seen;
}

export const USAGE: Usage = {
  input: 1200,
  output: 340,
  cacheRead: 0,
  cacheWrite: 0,
  cost: { input: 0.0036, output: 0.0051, cacheRead: 0, cacheWrite: 0, total: 0.0087 },
};

export function userMessage(text: string, timestamp = 1): UserMessage {
  return { role: 'user', content: text, timestamp };
}

export function assistantMessage(
  content: string | readonly AssistantContent[],
  extra: Partial<AssistantMessage> = {},
): AssistantMessage {
  return {
    role: 'assistant',
    content: typeof content === 'string' ? [{ type: 'text', text: content }] : content,
    provider: 'test',
    model: 'test-model',
    usage: USAGE,
    stopReason: 'stop',
    timestamp: 2,
    ...extra,
  };
}

/** An artifact record as the artifacts tool writes it (src/artifacts' factory, content before version). */
export function artifactRecord(
  filename: string,
  content: string,
  version = 1,
  extra: Partial<ArtifactMessage> = {},
): ArtifactMessage {
  return record(filename, version, content, extra);
}

/** A conversation of `count` exchanges: "Question n" then "Answer n". */
export function exchanges(count: number): AgentMessage[] {
  return Array.from({ length: count }, (_, i) => [
    userMessage(`Question ${i + 1}`, i * 2),
    assistantMessage(`Answer ${i + 1}`, { timestamp: i * 2 + 1 }),
  ]).flat();
}
