/** The project dialog's own styles: its form, the files list with its drop zone, and the delete confirmation. */
import { css } from 'lit';
import { buttonLook, focusRing } from '../styles/controls';

export const projectDialogStyles = css`
  :host {
    display: contents;
  }
  dialog {
    width: min(560px, calc(100vw - 2 * var(--easel-space-4)));
    max-height: calc(100vh - 2 * var(--easel-space-4));
    border: 1px solid var(--easel-border);
    border-radius: var(--easel-radius);
    background: var(--easel-surface);
    color: var(--easel-text);
    padding: var(--easel-space-4);
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.3);
  }
  dialog.dropping {
    outline: 2px dashed var(--easel-focus);
  }
  h2 {
    margin: 0 0 var(--easel-space-3);
    font-size: 1.1rem;
  }
  label {
    display: block;
    font-weight: 600;
    margin: var(--easel-space-3) 0 var(--easel-space-1);
  }
  input,
  textarea {
    font: inherit;
    width: 100%;
    box-sizing: border-box;
    padding: var(--easel-space-2);
    border: 1px solid var(--easel-border);
    border-radius: var(--easel-radius-sm);
    background: var(--easel-bg);
    color: inherit;
  }
  textarea {
    min-height: 8rem;
    resize: vertical;
  }
  .help,
  .estimate {
    font-size: 0.85rem;
    color: var(--easel-text-muted);
    margin: var(--easel-space-1) 0;
  }
  h3 {
    font-size: 1rem;
    margin: var(--easel-space-4) 0 var(--easel-space-1);
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--easel-space-2);
    padding: var(--easel-space-1) 0;
    border-bottom: 1px solid var(--easel-border);
  }
  li .what {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  li .size {
    color: var(--easel-text-muted);
    font-size: 0.85rem;
  }
  .problem {
    color: var(--easel-danger);
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: var(--easel-space-2);
    margin-top: var(--easel-space-4);
  }
  .row .end {
    margin-left: auto;
  }
  .confirm {
    margin-top: var(--easel-space-4);
    padding: var(--easel-space-3);
    border: 1px solid var(--easel-danger);
    border-radius: var(--easel-radius-sm);
  }
  .confirm p {
    margin: 0 0 var(--easel-space-2);
  }
  button {
    ${buttonLook}
    padding: var(--easel-space-1) var(--easel-space-3);
  }
  button.primary {
    background: var(--easel-accent);
    border-color: var(--easel-accent);
    color: var(--easel-accent-text, #fff);
  }
  button.danger {
    color: var(--easel-danger);
  }
  button:disabled {
    opacity: 0.6;
    cursor: default;
  }
  button:focus-visible,
  input:focus-visible,
  textarea:focus-visible {
    ${focusRing}
  }
  input[type='file'] {
    display: none;
  }
`;
