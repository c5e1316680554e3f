// The S3_* environment variables → the S3-compatible store's settings, or null for the local
// data folder. A half-configured store is refused at start-up: silently falling back to the
// local folder would leave each server process with images the others cannot see.
import { z } from 'zod';

export interface S3Settings {
  /** The S3 API's address, e.g. https://s3.eu-central-1.amazonaws.com or a MinIO server. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Address the bucket as <endpoint>/<bucket> (most self-hosted servers) rather than <bucket>.<endpoint>. */
  forcePathStyle: boolean;
  /**
   * Public base address of the bucket (a CDN or the bucket's own web address): a registered
   * work's image is at <publicUrl>/artworks/<key>. Null: the app serves images from the store.
   */
  publicUrl: string | null;
}

const httpUrl = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//.test(v), 'must start with http:// or https://');

/** The variables, as config.ts's environment schema declares them. */
export const s3EnvShape = {
  S3_ENDPOINT: httpUrl.optional(),
  // S3's bucket naming rules: 3-63 lowercase letters, digits, dots and hyphens.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be 3-63 lowercase letters, digits, dots or hyphens')
    .optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['1', '0', 'true', 'false', 'yes', 'no']).optional(),
  S3_PUBLIC_URL: httpUrl.optional(),
};

type S3Env = { [K in keyof typeof s3EnvShape]?: string };

const REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** S3 settings when any S3_* variable is set, null when none is; a problem when some are missing. */
export function readS3Settings(env: S3Env): { settings: S3Settings | null } | { problem: string } {
  const given = (Object.keys(s3EnvShape) as (keyof S3Env)[]).filter((name) => env[name] !== undefined);
  if (given.length === 0) return { settings: null };
  const missing = REQUIRED.filter((name) => env[name] === undefined);
  if (missing.length > 0) {
    return {
      problem:
        `S3 storage is only partly configured: ${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set but ` +
        `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. Set all of ${REQUIRED.join(', ')} ` +
        'to keep images in an S3-compatible store, or none of the S3_* variables to keep them in DATA_DIR.',
    };
  }
  return {
    settings: {
      endpoint: env.S3_ENDPOINT!,
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION ?? 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: ['1', 'true', 'yes'].includes(env.S3_FORCE_PATH_STYLE ?? ''),
      publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    },
  };
}
