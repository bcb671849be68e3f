import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** An address in a record, linking to every record of that address (the person view). */
export function PersonLink({ email, children }: { email: string; children?: ReactNode }) {
  return (
    <Link to="/admin/people" search={{ email }} className="admin-person-link" title={children ? undefined : 'Every record of this address'}>
      {children ?? email}
    </Link>
  );
}
