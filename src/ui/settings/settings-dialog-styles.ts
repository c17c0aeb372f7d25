/** The Settings dialog's own styles: its size, the sticky tabs and Save/Cancel, and its fields. */
import { css } from 'lit';
import { buttons, focusRing } from '../styles/controls';
import { fields } from '../styles/fields';

export const settingsDialogStyles = [
  buttons,
  fields,
  css`
    :host {
      display: contents;
    }
    easel-storage-health {
      margin-bottom: var(--easel-space-4);
    }
    /* One size whichever tab is shown (a tab longer than it scrolls under the tabs, Save/Cancel staying at the
       bottom); on a phone the dialog fills the screen. */
    dialog {
      height: min(640px, calc(100dvh - 32px));
      max-height: none;
      overflow-y: auto;
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-lg);
      background: var(--easel-surface);
      color: var(--easel-text);
      box-shadow: var(--easel-shadow-2);
      /* No padding above and below: the sticky section links and Save/Cancel sit at the edges. */
      padding: 0 var(--easel-space-6);
      width: min(720px, calc(100vw - 32px));
      box-sizing: border-box;
    }
    form {
      display: flex;
      flex-direction: column;
      min-height: 100%;
    }
    easel-tabs {
      flex: 1;
    }
    dialog::backdrop {
      background: rgb(0 0 0 / 0.4);
    }
    h2 {
      margin: var(--easel-space-6) 0 var(--easel-space-4);
      font-size: 1.2rem;
    }
    .field {
      display: flex;
      flex-direction: column;
      gap: var(--easel-space-1);
      margin-bottom: var(--easel-space-4);
    }
    .field > label,
    .check > label {
      font-size: var(--easel-text-sm);
      font-weight: 500;
    }
    .check {
      flex-direction: row;
      align-items: center;
      gap: var(--easel-space-2);
    }
    /* The tabs on top and Save/Cancel at the bottom stay in view while a section scrolls. */
    easel-tabs::part(tablist),
    .actions {
      position: sticky;
      z-index: 1;
      background: var(--easel-surface);
    }
    easel-tabs::part(tablist) {
      top: 0;
      margin: 0 calc(-1 * var(--easel-space-6));
      padding: 0 var(--easel-space-6);
    }
    .actions {
      margin: var(--easel-space-4) calc(-1 * var(--easel-space-6)) 0;
      padding: var(--easel-space-3) var(--easel-space-6);
    }
    /* Room under the notice only while there is one (the live region is always there). */
    easel-toast.shown {
      margin-bottom: var(--easel-space-3);
    }
    /* A text field (so it is a textbox to assistive technology) whose characters are masked. */
    input.masked {
      -webkit-text-security: disc;
    }
    .key-row {
      display: flex;
      gap: var(--easel-space-2);
    }
    .key-row input {
      flex: 1;
      min-width: 0;
    }
    .forget {
      margin-left: auto;
    }
    .hint {
      color: var(--easel-text-muted);
      font-size: 0.85rem;
    }
    .problem {
      color: var(--easel-danger);
      font-size: 0.85rem;
    }
    [aria-invalid='true'] {
      border-color: var(--easel-danger);
    }
    input[type='checkbox'],
    input[type='radio'] {
      accent-color: var(--easel-accent);
    }
    .actions {
      bottom: 0;
      display: flex;
      justify-content: flex-end;
      gap: var(--easel-space-2);
      border-top: 1px solid var(--easel-border);
    }
    :focus-visible {
      ${focusRing}
    }
    @media (max-width: 600px) {
      dialog {
        width: 100vw;
        max-width: none;
        height: 100dvh;
        margin: 0;
        border: none;
        border-radius: 0;
        padding: 0 var(--easel-space-4);
      }
      easel-tabs::part(tablist) {
        margin: 0 calc(-1 * var(--easel-space-4));
        padding: 0 var(--easel-space-4);
      }
      .actions {
        margin: var(--easel-space-4) calc(-1 * var(--easel-space-4)) 0;
        padding: var(--easel-space-3) var(--easel-space-4);
      }
    }
  `,
];
