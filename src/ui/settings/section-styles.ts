/** The styles every section of the Settings dialog shares: its fieldsets, their legends and hints. */
import { css } from 'lit';

/** A section's host, its fieldsets, legends and `.hint` lines; each section adds its own rules after these. */
export const sectionStyles = css`
    :host {
      display: block;
    }
    fieldset {
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius);
      margin: 0 0 var(--easel-space-3);
      padding: var(--easel-space-2) var(--easel-space-3);
      display: grid;
      gap: var(--easel-space-2);
    }
    legend {
      font-weight: 600;
    }
    .hint {
      font-size: 0.75rem;
      color: var(--easel-text-muted);
      margin: 0;
    }
`;
