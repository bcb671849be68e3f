import type { ReactNode } from 'react';

export function IconCard({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="card">
      <span className="card-icon" aria-hidden="true">
        {icon}
      </span>
      <h3>{title}</h3>
      <p>{text}</p>
    </div>
  );
}
