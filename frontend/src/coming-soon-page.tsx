import { PRODUCT_NAME } from '@agency/shared';

export function ComingSoonPage() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '40rem', margin: '20vh auto', padding: '0 1rem' }}>
      <h1>{PRODUCT_NAME}</h1>
      <p>Our new website is coming soon.</p>
    </main>
  );
}
