import { NavLink, useLocation } from 'react-router';
import { ShieldAlert, Upload, Zap } from 'lucide-react';
import { Logo } from './Logo';
import { FAST_SUBMIT, NAV_LINKS, REMOVE_ART, SUBMIT_SECTION_ID } from './navItems';
import { Button, ButtonLink } from '../ui/Button';
import { buttonClasses } from '../ui/buttonStyles';
import { scrollToId } from '../../lib/scroll';
import { cn } from '../../lib/cn';

const textLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    isActive ? 'text-primary' : 'text-foreground',
  );

/**
 * Fixed top bar. Wide screens: text links plus labelled action buttons. Medium screens: text
 * links plus icon buttons. Small screens: only the icon buttons remain (remove, fast submit,
 * and on Home: submit), each with an aria-label and a title
 * (a plain title, not a Radix tooltip, keeps the positioning library out of the shell).
 */
export function NavBar() {
  const { pathname } = useLocation();
  const onHome = pathname === '/';

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />

        <div className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((item) => (
            <NavLink key={item.to} to={item.to} className={textLinkClasses}>
              {item.label}
            </NavLink>
          ))}
        </div>

        <div className="hidden items-center gap-2 lg:flex">
          {onHome && (
            <Button variant="primary" size="sm" onClick={() => scrollToId(SUBMIT_SECTION_ID)}>
              <Upload aria-hidden="true" className="h-4 w-4" />
              Submit Art
            </Button>
          )}
          <ButtonLink to={REMOVE_ART.to} variant="warning" size="sm">
            <ShieldAlert aria-hidden="true" className="h-4 w-4" />
            {REMOVE_ART.label}
          </ButtonLink>
          <ButtonLink to={FAST_SUBMIT.to} variant={onHome ? 'secondary' : 'primary'} size="sm">
            <Zap aria-hidden="true" className="h-4 w-4" />
            {FAST_SUBMIT.label}
          </ButtonLink>
        </div>

        <div className="flex items-center gap-2 lg:hidden">
          {onHome && (
            <button
              type="button"
              aria-label="Submit Art"
              title="Submit Art"
              className={buttonClasses('primary', 'icon')}
              onClick={() => scrollToId(SUBMIT_SECTION_ID)}
            >
              <Upload aria-hidden="true" className="h-5 w-5" />
            </button>
          )}
          <NavLink
            to={REMOVE_ART.to}
            aria-label={REMOVE_ART.label}
            title={REMOVE_ART.label}
            className={buttonClasses('warning', 'icon')}
          >
            <ShieldAlert aria-hidden="true" className="h-5 w-5" />
          </NavLink>
          <NavLink
            to={FAST_SUBMIT.to}
            aria-label={FAST_SUBMIT.label}
            title={FAST_SUBMIT.label}
            className={buttonClasses(onHome ? 'secondary' : 'primary', 'icon')}
          >
            <Zap aria-hidden="true" className="h-5 w-5" />
          </NavLink>
        </div>
      </nav>
    </header>
  );
}
