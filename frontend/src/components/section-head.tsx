interface SectionHeadProps {
  /** The h2's id, which the section's aria-labelledby points at. */
  id: string;
  title: string;
  eyebrow?: string | undefined;
  lede?: string | undefined;
  center?: boolean;
}

export function SectionHead({ id, title, eyebrow, lede, center = false }: SectionHeadProps) {
  return (
    <div className={center ? 'section-head center' : 'section-head'}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id}>{title}</h2>
      {lede ? <p className="lede">{lede}</p> : null}
    </div>
  );
}
