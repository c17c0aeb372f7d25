import { css } from 'lit';
import { buttons } from '../styles/controls';

export const composerStyles = [
  buttons,
  css`
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
  easel-attachment-refusals {
    max-width: 780px;
    margin: 0 auto var(--easel-space-2);
  }
  textarea {
    display: block;
    box-sizing: border-box;
    width: 100%;
    min-width: 0;
    resize: none;
    border: none;
    background: transparent;
    color: inherit;
    font: inherit;
    font-size: var(--easel-text-md);
    line-height: var(--easel-line);
    padding: var(--easel-space-1) var(--easel-space-2);
    max-height: 40vh;
    field-sizing: content;
    min-height: calc(1.5em + 2 * var(--easel-space-1));
    outline: none;
  }
  textarea::placeholder {
    color: var(--easel-text-muted);
  }
  /* The button row under the box: tools on the left (attach, Web, and any switch added beside them), Stop and
     Send on the right. It wraps before anything shrinks, so the box above always keeps the full width. */
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--easel-space-2);
  }
  .tools,
  .send-group {
    display: flex;
    align-items: center;
    gap: var(--easel-space-1);
  }
  .send-group {
    margin-left: auto;
  }
  .btn.send,
  .btn.stop {
    border-radius: var(--easel-radius);
  }
  /* On a phone the box takes the width the frame leaves, and its text is a little smaller: a line of some 60
     characters fits before it wraps. */
  @media (max-width: 480px) {
    :host {
      padding: 0 var(--easel-space-2) var(--easel-space-2);
    }
    form {
      padding: 6px;
    }
    textarea {
      font-size: var(--easel-text-sm);
      padding: var(--easel-space-1);
    }
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
    font: inherit;
    border-radius: var(--easel-radius-sm);
    cursor: pointer;
    padding: 2px var(--easel-space-2);
    font-size: 0.8rem;
    background: var(--easel-surface);
    color: var(--easel-text);
    border: 1px solid var(--easel-border);
  }
`,
];
