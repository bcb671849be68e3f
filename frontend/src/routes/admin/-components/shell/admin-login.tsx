import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../../api/api-client';
import { loginAdmin } from '../../../../api/admin-session';
import { FieldError } from '../../../../components/field-error';
import { describedBy, FIELD_MESSAGES } from '../../../../components/form-validation';
import { toast } from '../../../../components/toast/toast-store';
import { useSiteConfig } from '../../../../config/use-site-config';
import { LockIcon } from '../shared/admin-icons';
import { errorToast } from '../shared/admin-resource';

/** 'Invalid password' for a wrong password; the server's own words otherwise (429 names the wait). */
export function loginFailureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Invalid password';
    if (error.serverMessage) return error.serverMessage;
  }
  return 'Could not reach the server. Please try again.';
}

export function AdminLogin() {
  const site = useSiteConfig();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const login = useMutation({
    mutationFn: loginAdmin,
    onSuccess: () => toast({ title: 'Success', description: 'Welcome to the admin panel' }),
    onError: (error) => errorToast(loginFailureText(error)),
  });
  // The site's form pattern (components/form-validation.ts): enabled button, message under the
  // field, focus to it; the failure toast still appears.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    if (password === '') {
      setProblem(FIELD_MESSAGES.passwordMissing);
      (event.currentTarget.elements.namedItem('password') as HTMLInputElement | null)?.focus();
      errorToast(FIELD_MESSAGES.passwordMissing);
      return;
    }
    setProblem(undefined);
    login.mutate(password);
  };
  const busy = login.isPending;
  return (
    <section className="section admin-login">
      <div className="container">
        <form className="card form admin-login-card" onSubmit={submit} noValidate aria-labelledby="admin-login-title">
          <span className="card-icon" aria-hidden="true">
            <LockIcon />
          </span>
          <div>
            <h1 id="admin-login-title" className="admin-login-title">
              {site.brandName} Admin
            </h1>
            <p className="admin-login-prompt">Enter password to access admin panel</p>
          </div>
          <div className="field">
            <label htmlFor="admin-password">Password</label>
            <input
              id="admin-password"
              className="input"
              type="password"
              name="password"
              autoComplete="current-password"
              aria-required="true"
              value={password}
              readOnly={busy}
              {...describedBy('admin-password', problem)}
              onChange={(event) => {
                setPassword(event.target.value);
                setProblem(undefined);
              }}
            />
            <FieldError fieldId="admin-password" message={problem} />
          </div>
          <button type="submit" className="btn btn-primary btn-block" aria-disabled={busy || undefined}>
            {busy ? 'Checking...' : 'Login'}
          </button>
        </form>
      </div>
    </section>
  );
}
