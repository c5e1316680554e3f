// The live 'n/max' counter under a text field. Not announced on every keystroke (that would be
// noise); the field points at it with aria-describedby so it is read when the field is focused.
import { cn } from '../../lib/cn';

export function CharCounter({ id, length, max, className }: { id: string; length: number; max: number; className?: string }) {
  return (
    <span id={id} className={cn('text-xs tabular-nums text-muted-foreground', length >= max && 'text-warning', className)}>
      {length}/{max}
    </span>
  );
}
