// Route schemas of the admin second factor (decision 0068). The enrol and verify steps answer a
// half session (password only); listing and removing factors need a full one.
import { z } from 'zod';
import {
  adminFactorsResponseSchema,
  factorEnrolledResponseSchema,
  factorRemovedResponseSchema,
  passkeyAuthenticationBodySchema,
  passkeyOptionsResponseSchema,
  passkeyRegistrationBodySchema,
  recoveryCodeBodySchema,
  secondFactorDoneResponseSchema,
  totpCodeBodySchema,
  totpSetupResponseSchema,
} from '../../core/api/admin-factors';
import { ADMIN_GET_ERRORS, ADMIN_POST_ERRORS } from '../http/admin-scope-errors';
import { errorResponses, jsonResponse } from '../http/api-schemas';

const tags = ['Admin'];
const THROTTLE_NOTE =
  'A wrong answer counts like a wrong password: repeated failures from one address make further attempts wait ' +
  '(429 too_many_attempts with Retry-After).';
const ENROL_NOTE =
  'Allowed in a half session while the admin has no factor (the first enrolment then completes the sign-in, ' +
  'sets a new session cookie and returns the recovery codes once), and in a full session to add another factor.';

export const factorsListSchema = {
  tags,
  summary: 'The second factors of the signed-in admin',
  response: {
    200: jsonResponse(adminFactorsResponseSchema, 'Factors and unused recovery codes.'),
    ...errorResponses(...ADMIN_GET_ERRORS),
  },
};

export const factorRemoveSchema = {
  tags,
  summary: 'Remove a second factor',
  description: 'Never the last one (409 conflict).',
  params: z.object({ id: z.guid() }),
  response: {
    200: jsonResponse(factorRemovedResponseSchema, 'Removed.'),
    ...errorResponses('not_found', 'conflict', 'validation_failed', ...ADMIN_POST_ERRORS),
  },
};

export const totpSetupSchema = {
  tags,
  summary: 'Start enrolling an authenticator app',
  description: `Returns a new TOTP secret, shown once, kept with the session until confirmed. ${ENROL_NOTE}`,
  response: {
    200: jsonResponse(totpSetupResponseSchema, 'The secret to add to the app.'),
    ...errorResponses('conflict', ...ADMIN_POST_ERRORS),
  },
};

export const totpConfirmSchema = {
  tags,
  summary: 'Confirm an authenticator app with one of its codes',
  description: ENROL_NOTE,
  body: totpCodeBodySchema,
  response: {
    200: jsonResponse(factorEnrolledResponseSchema, 'Enrolled.'),
    ...errorResponses('invalid_credentials', 'conflict', 'validation_failed', ...ADMIN_POST_ERRORS),
  },
};

export const passkeyRegisterOptionsSchema = {
  tags,
  summary: 'Options to create a passkey',
  description: `WebAuthn creation options for this site (attestation none). ${ENROL_NOTE}`,
  response: { 200: jsonResponse(passkeyOptionsResponseSchema, 'The options.'), ...errorResponses('conflict', ...ADMIN_POST_ERRORS) },
};

export const passkeyRegisterSchema = {
  tags,
  summary: 'Enrol the passkey just created',
  description: ENROL_NOTE,
  body: passkeyRegistrationBodySchema,
  response: {
    200: jsonResponse(factorEnrolledResponseSchema, 'Enrolled.'),
    ...errorResponses('invalid_credentials', 'conflict', 'validation_failed', ...ADMIN_POST_ERRORS),
  },
};

const VERIFY_NOTE = 'In a half session of an admin with a factor; success revokes it and sets a new, full session cookie.';

export const passkeyOptionsSchema = {
  tags,
  summary: 'Options to sign in with a passkey',
  description: VERIFY_NOTE,
  response: { 200: jsonResponse(passkeyOptionsResponseSchema, 'The options.'), ...errorResponses('conflict', ...ADMIN_POST_ERRORS) },
};

const verifyResponse = {
  200: jsonResponse(secondFactorDoneResponseSchema, 'Signed in.'),
  ...errorResponses('invalid_credentials', 'too_many_attempts', 'conflict', 'validation_failed', ...ADMIN_POST_ERRORS),
};

export const passkeyVerifySchema = {
  tags,
  summary: 'Confirm the sign-in with a passkey',
  description: `${VERIFY_NOTE} ${THROTTLE_NOTE}`,
  body: passkeyAuthenticationBodySchema,
  response: verifyResponse,
};

export const totpVerifySchema = {
  tags,
  summary: 'Confirm the sign-in with an authenticator code',
  description: `${VERIFY_NOTE} A code is accepted once. ${THROTTLE_NOTE}`,
  body: totpCodeBodySchema.pick({ code: true }),
  response: verifyResponse,
};

export const recoveryVerifySchema = {
  tags,
  summary: 'Confirm the sign-in with a recovery code',
  description: `${VERIFY_NOTE} Each code works once. ${THROTTLE_NOTE}`,
  body: recoveryCodeBodySchema,
  response: verifyResponse,
};
