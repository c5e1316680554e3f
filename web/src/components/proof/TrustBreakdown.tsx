// How the trust score was reached (decision 0030): the five dimensions with their
// points and every reason, the prompt specificity, and how to improve. Below the Verified
// threshold the advice sits in the amber box docs/product.md §4 asks for.
import { Gauge, Lightbulb, TriangleAlert } from 'lucide-react';
import type { TrustBreakdownDto } from '#core/api-types';
import { INCOMPLETE_ADVICE, isVerifiedScore } from '#core/status';
import { TRUST_DIMENSION_KEYS, TRUST_DIMENSION_LABELS } from '#core/proof-text';
import { SPECIFICITY_LABELS } from './format';
import { ProofCard } from './ProofCard';

function points(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function DimensionRow({
  label,
  dimension,
}: {
  label: string;
  dimension: TrustBreakdownDto['dimensions'][keyof TrustBreakdownDto['dimensions']];
}) {
  const percent = dimension.max > 0 ? Math.min(100, Math.max(0, (dimension.score / dimension.max) * 100)) : 0;
  return (
    <li className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <h3 className="font-semibold">{label}</h3>
        <span className="tabular-nums">
          {dimension.score} / {dimension.max}
        </span>
      </div>
      <div className="h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
      {dimension.reasons.length > 0 ? (
        <ul className="grid gap-0.5 text-sm text-muted-foreground">
          {dimension.reasons.map((reason, i) => (
            <li key={`${reason.text}-${i}`} className="flex justify-between gap-3">
              <span>{reason.text}</span>
              <span className="shrink-0 tabular-nums text-foreground">{points(reason.points)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No points in this dimension yet.</p>
      )}
    </li>
  );
}

export function TrustBreakdown({ trust }: { trust: TrustBreakdownDto }) {
  const incomplete = !isVerifiedScore(trust.score);
  const specificity = trust.prompt_specificity;
  return (
    <ProofCard title="Trust Score Breakdown" icon={Gauge}>
      <p className="text-sm text-muted-foreground">
        The server computes the score from the evidence in the record: five dimensions of up to 20 points each, {trust.score} of 100 in
        total.
      </p>
      <ul className="grid gap-5">
        {TRUST_DIMENSION_KEYS.map((key) => (
          <DimensionRow key={key} label={TRUST_DIMENSION_LABELS[key]} dimension={trust.dimensions[key]} />
        ))}
      </ul>

      <p className="text-sm">
        <span className="font-semibold">Prompt specificity: </span>
        {specificity ? `${SPECIFICITY_LABELS[specificity.level]} (${specificity.score}/100)` : 'Not analysed'}
      </p>

      {incomplete ? (
        <div role="note" className="grid gap-2 rounded-md border border-amber-300 bg-warning-soft p-4 text-sm text-amber-950">
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0" />
            How to reach Verified
          </p>
          <p>{INCOMPLETE_ADVICE}</p>
          {trust.advice.length > 0 && (
            <ul className="list-disc space-y-1 pl-5">
              {trust.advice.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        trust.advice.length > 0 && (
          <div className="grid gap-2 text-sm">
            <h3 className="flex items-center gap-2 font-semibold">
              <Lightbulb aria-hidden="true" className="h-4 w-4 text-primary" />
              How to improve
            </h3>
            <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
              {trust.advice.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </div>
        )
      )}
    </ProofCard>
  );
}
