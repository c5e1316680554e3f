// Query parameters of the log endpoints. Every mistake is a 400 that names the parameter.
import { HttpError } from '../http/errors';

export type Query = Record<string, unknown>;

export function invalidParameter(name: string, problem: string): HttpError {
  const message = `Invalid parameter '${name}': ${problem}`;
  return new HttpError(400, 'invalid_parameter', message, { fields: { [name]: message } });
}

export function missingParameter(name: string, hint = ''): HttpError {
  const message = `Missing parameter '${name}'${hint}.`;
  return new HttpError(400, 'invalid_parameter', message, { fields: { [name]: message } });
}

/** The parameter's single string value, or undefined when absent. */
export function stringParam(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParameter(name, 'give it once.');
  return value;
}

/** A non-negative decimal integer (no sign, no leading zeros), or undefined when absent. */
export function indexParam(query: Query, name: string): number | undefined {
  const value = stringParam(query, name);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^(?:0|[1-9]\d*)$/.test(value) || !Number.isSafeInteger(n)) {
    throw invalidParameter(name, 'expected a non-negative integer.');
  }
  return n;
}

export function requiredIndexParam(query: Query, name: string): number {
  const n = indexParam(query, name);
  if (n === undefined) throw missingParameter(name);
  return n;
}
