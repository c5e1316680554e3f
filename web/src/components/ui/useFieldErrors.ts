// Per-field error messages of a form (issue 17): which fields failed, with what message, and
// moving focus to the first of them once the messages are on screen. Used with <Field error>
// (web/src/components/submit/Field.tsx) or <FieldError> for controls outside a Field.
//
//   const errors = useFieldErrors();
//   <Field label="Email" error={errors.get('email')}>
//     {({ id, describedBy, invalid }) => (
//       <Input id={id} aria-describedby={describedBy} aria-invalid={invalid}
//              ref={errors.register('email')} onChange={(e) => { errors.clear('email'); … }} />
//     )}
//   </Field>
//   on submit: errors.show(fieldErrors(zodError))   // from core/validation.ts, in check order
import { useCallback, useEffect, useRef, useState } from 'react';

export type FieldErrorMap = Readonly<Record<string, string>>;

export interface FieldErrors {
  /** The current messages by field name ('email', 'profile_links.2'), in check order. */
  errors: FieldErrorMap;
  /** The message of one field, or undefined. */
  get(field: string): string | undefined;
  /** Replaces every message, then moves focus to the first field (in the map's order) that is on screen. */
  show(errors: FieldErrorMap): void;
  /** Removes one field's message and its items' ('links' also clears 'links.2'); without a field, all. */
  clear(field?: string): void;
  /** Ref callback for the control of `field`: the element focus moves to. Stable per field. */
  register(field: string): (element: HTMLElement | null) => void;
}

export function useFieldErrors(): FieldErrors {
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const elements = useRef(new Map<string, HTMLElement>());
  const refCallbacks = useRef(new Map<string, (element: HTMLElement | null) => void>());

  // After the render that shows the messages, so the focused field already points at its message.
  useEffect(() => {
    if (focusRequest === 0) return;
    for (const field of Object.keys(errors)) {
      const element = elements.current.get(field);
      if (element?.isConnected) {
        element.focus();
        return;
      }
    }
    // Deliberately only on a new request: typing (which clears messages) must not move focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const show = useCallback((next: FieldErrorMap) => {
    setErrors(next);
    setFocusRequest((n) => n + 1);
  }, []);

  const clear = useCallback((field?: string) => {
    setErrors((current) => {
      if (field === undefined) return Object.keys(current).length ? {} : current;
      const kept = Object.entries(current).filter(([key]) => key !== field && !key.startsWith(`${field}.`));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }, []);

  const register = useCallback((field: string) => {
    let callback = refCallbacks.current.get(field);
    if (!callback) {
      callback = (element: HTMLElement | null) => {
        if (element) elements.current.set(field, element);
        else elements.current.delete(field);
      };
      refCallbacks.current.set(field, callback);
    }
    return callback;
  }, []);

  const get = useCallback((field: string) => errors[field], [errors]);

  return { errors, get, show, clear, register };
}
