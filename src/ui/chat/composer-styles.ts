import { css } from 'lit';
import { focusRing } from '../styles/controls';

export const composerStyles = css`
  :host {
    display: block;
    padding: 0 var(--easel-space-4) var(--easel-space-2);
  }
  form,
  .queue,
  .hint {
    max-width: 780px;
    margin: 0 auto;
  }
  form {
    display: flex;
    flex-direction: column;
    gap: var(--easel-space-2);
    background: var(--easel-surface);
    border: 1px solid var(--easel-border);
    border-radius: var(--easel-radius-lg);
    padding: var(--easel-space-2);
  }
  form:focus-within {
    border-color: var(--easel-focus);
  }
  .row {
    display: flex;
    gap: var(--easel-space-2);
    align-items: flex-end;
  }
  easel-attachment-refusals {
    max-width: 780px;
    margin: 0 auto var(--easel-space-2);
  }
  textarea {
    flex: 1;
    resize: none;
    border: none;
    background: transparent;
    color: inherit;
    font: inherit;
    padding: var(--easel-space-2);
    max-height: 40vh;
    field-sizing: content;
    min-height: 1.5em;
    outline: none;
  }
  .buttons {
    display: flex;
    gap: var(--easel-space-1);
  }
  button {
    font: inherit;
    border: none;
    border-radius: var(--easel-radius);
    padding: var(--easel-space-2) var(--easel-space-4);
    background: var(--easel-accent);
    color: var(--easel-accent-text);
    cursor: pointer;
  }
  button.web {
    background: transparent;
    color: var(--easel-text-muted, inherit);
    border: 1px solid var(--easel-border);
    padding: var(--easel-space-2) var(--easel-space-3, var(--easel-space-2));
  }
  button.web[aria-pressed='true'] {
    background: var(--easel-surface-2);
    color: var(--easel-text);
    border-color: var(--easel-accent);
  }
  button.stop {
    background: var(--easel-surface-2);
    color: var(--easel-text);
    border: 1px solid var(--easel-border);
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  button:focus-visible {
    ${focusRing}
  }
  .hint {
    font-size: 0.75rem;
    color: var(--easel-text-muted);
    padding: var(--easel-space-1) var(--easel-space-2) 0;
    margin-bottom: 0;
  }
  .queue {
    list-style: none;
    padding: 0;
    margin-bottom: var(--easel-space-2);
    display: flex;
    flex-direction: column;
    gap: var(--easel-space-1);
  }
  .queue li {
    display: flex;
    gap: var(--easel-space-2);
    align-items: center;
    padding: var(--easel-space-1) var(--easel-space-2);
    border: 1px dashed var(--easel-border);
    border-radius: var(--easel-radius-sm);
    font-size: 0.9rem;
  }
  .queue .kind {
    font-size: 0.75rem;
    text-transform: uppercase;
    color: var(--easel-text-muted);
  }
  .queue .text {
    flex: 1;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .queue button {
    padding: 2px var(--easel-space-2);
    font-size: 0.8rem;
    background: var(--easel-surface);
    color: var(--easel-text);
    border: 1px solid var(--easel-border);
  }
`;
