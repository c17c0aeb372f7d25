/**
 * The design system's fields: `.input`, `.select`, and `.switch` (a `button` with `role="switch"` and
 * `aria-checked`). Apart from `controls.ts` so that only the screens with fields (Settings, the design page)
 * load them.
 */
import { css } from 'lit';
import { focusRing } from './controls';

export const fields = /* @__PURE__ */ css`
  .input,
  .select {
    box-sizing: border-box;
    min-height: var(--easel-control);
    padding: 0 var(--easel-space-3);
    font: inherit;
    font-size: var(--easel-text-sm);
    border-radius: var(--easel-radius-sm);
    border: 1px solid var(--easel-border);
    background: var(--easel-surface);
    color: var(--easel-text);
  }
  .select {
    appearance: none;
    padding-right: 28px;
    background-image: linear-gradient(45deg, transparent 50%, currentColor 50%),
      linear-gradient(135deg, currentColor 50%, transparent 50%);
    background-position:
      right 14px center,
      right 9px center;
    background-size: 5px 5px;
    background-repeat: no-repeat;
    cursor: pointer;
  }
  .input:focus-visible,
  .select:focus-visible {
    ${focusRing}
    outline-offset: 0;
  }
  .switch {
    position: relative;
    width: 36px;
    height: 20px;
    flex: none;
    padding: 0;
    border-radius: var(--easel-radius-full);
    border: 1px solid var(--easel-border);
    background: var(--easel-surface-2);
    cursor: pointer;
  }
  .switch::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 14px;
    height: 14px;
    border-radius: 50%;
    background: var(--easel-text-muted);
    transition: transform var(--easel-motion-fast) var(--easel-ease);
  }
  .switch[aria-checked='true'] {
    background: var(--easel-accent);
    border-color: var(--easel-accent);
  }
  .switch[aria-checked='true']::after {
    transform: translateX(16px);
    background: var(--easel-accent-text);
  }
  .switch:focus-visible {
    ${focusRing}
  }
`;
