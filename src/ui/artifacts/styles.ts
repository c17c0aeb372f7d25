/** Shared styles of the artifacts panel's parts (the one syntax theme is `../markdown/syntax-theme`). */
import { css } from 'lit';
import { buttonLook, focusRing } from '../styles/controls';

/** Buttons of the artifacts panel and its parts. */
export const buttonStyles = css`
  button,
  select {
    ${buttonLook}
    font-size: 0.8rem;
    padding: 3px var(--easel-space-2);
  }
  button:disabled,
  select:disabled {
    opacity: 0.55;
    cursor: default;
  }
  button[aria-pressed='true'] {
    background: var(--easel-surface-2);
    border-color: var(--easel-text-muted);
  }
  button.primary {
    background: var(--easel-accent);
    border-color: var(--easel-accent);
    color: var(--easel-accent-text);
  }
  button:focus-visible,
  select:focus-visible,
  textarea:focus-visible {
    ${focusRing}
  }
`;
