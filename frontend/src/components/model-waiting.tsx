/** A model card's body while its answer is on its way: skeleton lines, and words for screen readers. */
export function ModelWaiting({ label }: { label: string }) {
  return (
    <div className="model-waiting">
      <span className="visually-hidden">Waiting for {label} to answer.</span>
      <span className="skeleton skeleton-line" aria-hidden="true" />
      <span className="skeleton skeleton-line" aria-hidden="true" />
      <span className="skeleton skeleton-line" aria-hidden="true" />
    </div>
  );
}
