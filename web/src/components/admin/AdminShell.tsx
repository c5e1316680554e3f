// Frame of every admin page: checks the session, shows the spec's "not logged in" message
// (with the login form on /admin, a link to it elsewhere), and when logged in the heading,
// the welcome line with Logout, and the page's links.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogOut, ShieldCheck } from 'lucide-react';
import type { AdminProfile } from '#core/admin-api-types';
import { MESSAGES } from '#core/messages';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PageContainer } from '../layout/PageContainer';
import { Button, ButtonLink } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { LoginForm } from './LoginForm';
import { SecondFactorStep } from './SecondFactorStep';
import { useAdminSession } from './useAdminSession';

export interface AdminLink {
  to: string;
  label: string;
}

export interface AdminShellProps {
  title: string;
  description?: string;
  /** The links docs/product.md §2 lists for this page. */
  links: readonly AdminLink[];
  /** Only /admin carries the login form; other pages link to it. */
  withLoginForm?: boolean;
  children: (admin: AdminProfile) => ReactNode;
}

export function AdminShell({ title, description, links, withLoginForm = false, children }: AdminShellProps) {
  useDocumentTitle(title);
  const session = useAdminSession();

  if (session.status === 'loading') {
    return (
      <PageContainer className="flex justify-center">
        <Spinner label="Checking admin session…" />
      </PageContainer>
    );
  }

  if (session.status === 'logged-out') {
    return (
      <PageContainer>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-3 flex items-center gap-2 text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="h-5 w-5 shrink-0" />
          {MESSAGES.adminLoginRequired.description}
        </p>
        {withLoginForm ? (
          <LoginForm onLogin={session.login} />
        ) : (
          <ButtonLink to="/admin" className="mt-6">
            Go to admin login
          </ButtonLink>
        )}
      </PageContainer>
    );
  }

  if (session.status === 'second-factor') {
    return (
      <PageContainer>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <SecondFactorStep session={session.session} onDone={session.refresh} onCancel={session.logout} />
      </PageContainer>
    );
  }

  return (
    <PageContainer className="grid grid-cols-1 gap-6">
      <header className="grid gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
            {description && <p className="mt-2 text-muted-foreground">{description}</p>}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm">
              Welcome, <span className="font-semibold break-all">{session.admin.email}</span>
            </p>
            <Button variant="outline" size="sm" onClick={() => void session.logout()}>
              <LogOut aria-hidden="true" className="h-4 w-4" />
              Logout
            </Button>
          </div>
        </div>
        <nav aria-label="Admin links" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {links.map((link) => (
            <Link key={link.to} to={link.to} className="font-medium text-primary underline-offset-4 hover:underline">
              {link.label}
            </Link>
          ))}
        </nav>
      </header>
      {children(session.admin)}
    </PageContainer>
  );
}
