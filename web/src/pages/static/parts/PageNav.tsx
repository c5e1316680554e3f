import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';

export interface PageNavItem {
  to: string;
  label: string;
}

/** The simpler per-page nav bar some static pages carry (docs/product.md §2), shown under the global one. */
export function PageNav({ label, items }: { label: string; items: PageNavItem[] }) {
  return (
    <nav aria-label={label} className="mb-8">
      <ul className="flex flex-wrap gap-2 text-sm">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              className={({ isActive }) =>
                cn(
                  'inline-block rounded-full border px-3 py-1.5 font-medium',
                  isActive
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-border bg-background text-foreground hover:bg-muted',
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
