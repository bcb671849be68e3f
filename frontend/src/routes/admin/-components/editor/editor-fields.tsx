/** "42 / 60": turns to a warning past the limit, and says so to screen readers. */
export function LengthCounter({ id, length, limit }: { id: string; length: number; limit: number }) {
  const over = length > limit;
  return (
    <span id={`${id}-count`} className={`length-counter${over ? ' length-over' : ''}`} aria-live="polite">
      {length} / {limit}
      {over ? <span className="visually-hidden"> characters: too long</span> : <span className="visually-hidden"> characters</span>}
    </span>
  );
}

/** Focuses the first field of `order` that has a problem. */
export function focusFirstInvalid<F extends string>(order: readonly F[], errors: Partial<Record<F, string>>, idOf: (field: F) => string): void {
  const first = order.find((field) => errors[field]);
  if (first) document.getElementById(idOf(first))?.focus();
}
