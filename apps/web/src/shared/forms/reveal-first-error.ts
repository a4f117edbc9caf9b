/**
 * After a failed submit, brings the first input in error into view and focuses it. react-hook-form
 * focuses only inputs it holds a ref of (not Controller-wrapped selects), and the browser's own
 * focus scroll stops at the edge, where a sticky footer may cover the field.
 */
export function revealFirstError(form: HTMLElement | null): void {
  // After React has painted the error texts, so the field's final position is known.
  requestAnimationFrame(() => {
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    // An input that opens a popup on focus (a colour picker) would cover its own error text.
    if (!first.hasAttribute('data-reveal-no-focus')) first.focus({ preventScroll: true });
  });
}
