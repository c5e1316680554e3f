import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
  /** Optional link to the page where the feature can be tried. */
  link?: { to: string; label: string };
}

/** Every feature listed on /features is built and running, hence the 'Live' mark (decision 0003). */
export function LiveMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-green-900">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-success" />
      Live
    </span>
  );
}

export function FeatureCard({ feature }: { feature: Feature }) {
  const Icon = feature.icon;
  return (
    <li className="flex flex-col rounded-card border border-border bg-background p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <Icon aria-hidden="true" className="size-7 shrink-0 text-primary" />
        <LiveMark />
      </div>
      <h3 className="mt-3 text-lg font-semibold">{feature.title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{feature.text}</p>
      {feature.link && (
        <Link to={feature.link.to} className="mt-3 self-start text-sm font-medium text-primary underline underline-offset-2">
          {feature.link.label}
        </Link>
      )}
    </li>
  );
}

export interface SpecTile {
  value: string;
  label: string;
  detail: string;
}

export function SpecTileCard({ tile }: { tile: SpecTile }) {
  return (
    <li className="rounded-card border border-border bg-muted p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{tile.label}</h3>
        <LiveMark />
      </div>
      <p className="mt-2 text-2xl font-bold">{tile.value}</p>
      <p className="mt-1 text-sm text-muted-foreground">{tile.detail}</p>
    </li>
  );
}
