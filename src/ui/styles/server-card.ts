/**
 * The look of a card for a call of a tool that runs on Anthropic's side (web search and fetch, a connector's
 * tool, code execution): a bordered block of small text, its `.title` bold, `.muted` notes, failures in the
 * danger colour, output in a wrapping `pre`, a focus ring on a `summary`.
 */
import { css } from 'lit';
import { focusRing } from './controls';

export const serverCardStyles = css`
  :host {
    display: block;
    margin: var(--easel-space-2) 0;
  }
  section {
    border: 1px solid var(--easel-border);
    border-radius: var(--easel-radius);
    background: var(--easel-surface);
    padding: var(--easel-space-2) var(--easel-space-3);
    font-size: 0.875rem;
  }
  .title {
    font-weight: 600;
  }
  .muted {
    color: var(--easel-text-muted);
  }
  .error {
    color: var(--easel-danger, #b3261e);
  }
  ul {
    margin: var(--easel-space-1) 0 0;
    padding-left: 1.2em;
  }
  pre {
    margin: var(--easel-space-1) 0 0;
    white-space: pre-wrap;
    word-break: break-word;
    font-size: 0.8rem;
  }
  summary:focus-visible {
    ${focusRing}
  }
`;
