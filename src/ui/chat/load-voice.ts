let requested = false;

/**
 * Defines `<easel-dictate-button>` and `<easel-read-aloud>` (each answer's) once the composer is shown: their code
 * stays off the first load (until defined they are empty). A failed load is tried again next time.
 */
export function loadVoice(): void {
  if (requested) return;
  requested = true;
  Promise.all([import('./dictate-button'), import('./read-aloud-button')]).catch(() => {
    requested = false;
  });
}
