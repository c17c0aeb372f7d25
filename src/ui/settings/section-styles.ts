/** The styles every section of the Settings dialog shares: its fieldsets, their legends and hints. */
import { css } from 'lit';

/** A section's host, its fieldsets, legends and `.hint` lines; each section adds its own rules after these. */
export const sectionStyles = css`
    :host {
      display: block;
    }
    /* A fieldset is a titled part of the tab, as the dialog's own fields are: no box of its own. */
    fieldset {
      border: none;
      margin: 0 0 var(--easel-space-6);
      padding: 0;
      min-width: 0;
      display: grid;
      gap: var(--easel-space-2);
    }
    legend {
      padding: 0;
      margin-bottom: var(--easel-space-2);
      font-size: var(--easel-text-md);
      font-weight: 600;
    }
    .hint {
      font-size: 0.8125rem;
      color: var(--easel-text-muted);
      margin: 0;
    }
    input[type='checkbox'],
    input[type='radio'] {
      accent-color: var(--easel-accent);
    }
`;
