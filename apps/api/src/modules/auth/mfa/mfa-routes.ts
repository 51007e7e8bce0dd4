import {
  adminsResource,
  type MfaMethod,
  mfaProofSchema,
  mfaResetResultSchema,
  mfaStatusSchema,
  passkeyOptionsRequestSchema,
  passkeyRegisteredSchema,
  passkeyRegisterRequestSchema,
  passkeyRenameRequestSchema,
  recoveryCodesResponseSchema,
  signinMfaRequestSchema,
  signinPasskeyOptionsRequestSchema,
  stepUpRequestSchema,
  stepUpResponseSchema,
  tokenPairSchema,
  totpConfirmRequestSchema,
  totpRemoveRequestSchema,
  totpSetupRequestSchema,
  totpSetupResponseSchema,
  type WebauthnResponse,
  webauthnOptionsSchema,
} from '@pult/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf, currentAdminId } from '../../../access/request-access.js';
import { access } from '../../../access/route-access.js';
import { AppError, errors } from '../../../http/app-error.js';
import { clientMeta } from '../../../http/client-meta.js';
import { noStore } from '../../../http/no-store.js';
import { addSeconds, type Clock } from '../../../lib/clock.js';
import { metrics } from '../../../metrics/metrics.js';
import { parseNumericId } from '../../../resources/record-id.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { TokenService } from '../token-service.js';
import type { AdminFactorReset } from './admin-reset.js';
import type { FactorProof } from './factor-check.js';
import type { MfaService } from './mfa-service.js';

export interface MfaRouteDeps {
  mfa: MfaService;
  resetFactors: AdminFactorReset;
  tokens: TokenService;
  audit: AuditLog;
  clock: Clock;
  /** How long a step-up lasts. */
  stepUpSeconds: number;
  /** "Emily Carter <emily@…>", for the e-mail that tells an admin who reset their factor. */
  describeAdmin: (adminId: number) => Promise<string>;
}

/** A proof from a body that carries exactly one (the schemas make sure). */
function proofOf(body: {
  code?: string | undefined;
  recovery_code?: string | undefined;
  webauthn?: WebauthnResponse | undefined;
}): FactorProof {
  if (body.code !== undefined) return { code: body.code };
  if (body.webauthn !== undefined) return { webauthn: body.webauthn };
  return { recovery_code: body.recovery_code ?? '' };
}

/**
 * The administrator's own second factor (`/admin/mfa…`, any signed-in admin, for themselves only)
 * and the sign-in's second step (`/admin/signin/mfa`, public: the mfa_token is the credential).
 */
export const mfaRoutes: FastifyPluginAsyncZod<MfaRouteDeps> = async (app, deps) => {
  const { mfa, audit } = deps;
  /** Factor changes are module actions on the admin's own record; the name says which. */
  const recordChange = (request: FastifyRequest, name: string, detail: Record<string, unknown> = {}) =>
    audit.record(request, {
      action: 'action',
      resource: 'admins',
      recordId: currentAdminId(request),
      detail: { name, ...detail },
    });

  app.get(
    '/admin/mfa',
    { config: { access: access.enrolment }, schema: { response: { 200: mfaStatusSchema } } },
    async (request) => mfa.status(currentAdminId(request)),
  );

  app.post(
    '/admin/mfa/totp/setup',
    {
      config: { access: access.enrolment },
      onRequest: noStore,
      schema: { body: totpSetupRequestSchema, response: { 200: totpSetupResponseSchema } },
    },
    async (request) => mfa.setup(currentAdminId(request), request.body.password),
  );

  app.post(
    '/admin/mfa/totp/confirm',
    {
      config: { access: access.enrolment },
      onRequest: noStore,
      schema: { body: totpConfirmRequestSchema, response: { 200: recoveryCodesResponseSchema } },
    },
    async (request) => {
      const { identity } = accessOf(request);
      const codes = await mfa.confirm(identity.adminId, identity.sessionId, request.body.code);
      await recordChange(request, 'mfa-totp-enable');
      await recordChange(request, 'mfa-recovery-codes', { count: codes.length });
      return { recovery_codes: codes };
    },
  );

  app.delete(
    '/admin/mfa/totp',
    {
      config: { access: access.signedIn },
      schema: { body: totpRemoveRequestSchema, response: { 200: mfaStatusSchema } },
    },
    async (request) => {
      const adminId = currentAdminId(request);
      const { password } = request.body;
      await mfa.removeTotp(adminId, password !== undefined ? { password } : proofOf(request.body));
      await recordChange(request, 'mfa-totp-disable', { confirmed_with: confirmedWith(request.body) });
      return mfa.status(adminId);
    },
  );

  app.post(
    '/admin/mfa/recovery-codes',
    {
      config: { access: access.signedIn },
      onRequest: noStore,
      schema: { body: mfaProofSchema, response: { 200: recoveryCodesResponseSchema } },
    },
    async (request) => {
      const codes = await mfa.regenerateRecoveryCodes(currentAdminId(request), proofOf(request.body));
      await recordChange(request, 'mfa-recovery-codes', {
        count: codes.length,
        confirmed_with: confirmedWith(request.body),
      });
      return { recovery_codes: codes };
    },
  );

  // Passkeys: registered after the password (as the authenticator app), each named; removing one
  // is a change of factors, so it needs a fresh factor (step-up).
  app.post(
    '/admin/mfa/passkeys/options',
    {
      config: { access: access.enrolment },
      onRequest: noStore,
      schema: { body: passkeyOptionsRequestSchema, response: { 200: webauthnOptionsSchema } },
    },
    // Spread: the library's interface becomes a plain object the JSON schema accepts.
    async (request) => ({ ...(await mfa.passkeyOptions(currentAdminId(request), request.body.password)) }),
  );

  app.post(
    '/admin/mfa/passkeys',
    {
      config: { access: access.enrolment },
      onRequest: noStore,
      schema: { body: passkeyRegisterRequestSchema, response: { 200: passkeyRegisteredSchema } },
    },
    async (request) => {
      const { identity } = accessOf(request);
      const { name, response } = request.body;
      const registered = await mfa.registerPasskey(identity.adminId, identity.sessionId, name, response);
      await recordChange(request, 'mfa-passkey-add', { passkey: registered.passkey.id, passkey_name: name });
      if (registered.recovery_codes)
        await recordChange(request, 'mfa-recovery-codes', { count: registered.recovery_codes.length });
      return registered;
    },
  );

  const passkeyParams = z.object({ id: z.string().max(32) });
  const passkeyId = (raw: string) => {
    const id = parseNumericId(raw);
    if (id === undefined) throw errors.notFound('passkeyNotFound');
    return id;
  };

  app.patch(
    '/admin/mfa/passkeys/:id',
    {
      config: { access: access.signedIn },
      schema: { params: passkeyParams, body: passkeyRenameRequestSchema, response: { 200: mfaStatusSchema } },
    },
    async (request) => {
      const adminId = currentAdminId(request);
      const id = passkeyId(request.params.id);
      if (!(await mfa.renamePasskey(adminId, id, request.body.name)))
        throw errors.notFound('passkeyNotFound');
      await recordChange(request, 'mfa-passkey-rename', { passkey: id, passkey_name: request.body.name });
      return mfa.status(adminId);
    },
  );

  app.delete(
    '/admin/mfa/passkeys/:id',
    {
      config: { access: access.signedIn },
      schema: { params: passkeyParams, response: { 200: mfaStatusSchema } },
    },
    async (request) => {
      const adminId = currentAdminId(request);
      const id = passkeyId(request.params.id);
      accessOf(request).requireStepUp();
      if (!(await mfa.removePasskey(adminId, id))) throw errors.notFound('passkeyNotFound');
      await recordChange(request, 'mfa-passkey-remove', { passkey: id });
      return mfa.status(adminId);
    },
  );

  app.post(
    '/admin/signin/mfa/passkey-options',
    {
      config: { access: access.public },
      onRequest: noStore,
      schema: { body: signinPasskeyOptionsRequestSchema, response: { 200: webauthnOptionsSchema } },
    },
    async (request) => ({ ...(await mfa.signinPasskeyOptions(request.body.mfa_token)) }),
  );

  app.post(
    '/admin/step-up/passkey-options',
    {
      config: { access: access.signedIn },
      onRequest: noStore,
      schema: { response: { 200: webauthnOptionsSchema } },
    },
    async (request) => ({ ...(await mfa.passkeyAssertionOptions(currentAdminId(request))) }),
  );

  app.post(
    '/admin/step-up',
    {
      config: { access: access.signedIn },
      schema: { body: stepUpRequestSchema, response: { 200: stepUpResponseSchema } },
    },
    async (request) => {
      const { identity } = accessOf(request);
      const { password } = request.body;
      const proof = password !== undefined ? { password } : proofOf(request.body);
      const method = await mfa.stepUp(identity.adminId, identity.sessionId, proof);
      await recordChange(request, 'step-up', { confirmed_with: method });
      return { confirmed_until: addSeconds(deps.clock(), deps.stepUpSeconds).toISOString() };
    },
  );

  // Another administrator's factor (a lost phone): with its own grant and a fresh factor of one's own.
  app.post(
    `${adminsResource.path}/:id/mfa-reset`,
    {
      config: {
        access: access.to(adminsResource, 'admins.reset-mfa', {
          stepUp: true,
          scoped: false,
          mask: null,
          fields: null,
        }),
      },
      schema: { params: z.object({ id: z.string() }), response: { 200: mfaResetResultSchema } },
    },
    async (request) => {
      const targetId = parseNumericId(request.params.id);
      if (targetId === undefined) throw errors.notFound();
      if (targetId === currentAdminId(request)) throw errors.unprocessable('mfaResetOwn');
      const by = await deps.describeAdmin(currentAdminId(request));
      const result = await deps.resetFactors(targetId, by, request.log);
      if (!result) throw errors.notFound();
      await audit.record(request, {
        action: 'action',
        resource: 'admins',
        recordId: targetId,
        detail: { name: 'mfa-reset', ...result },
      });
      return result;
    },
  );

  app.post(
    '/admin/signin/mfa',
    {
      config: { access: access.public },
      onRequest: noStore,
      schema: { body: signinMfaRequestSchema, response: { 200: tokenPairSchema } },
    },
    async (request) => {
      const proof = proofOf(request.body);
      let signedIn: { adminId: number; method: MfaMethod };
      try {
        signedIn = await mfa.completeSignin(request.body.mfa_token, proof);
      } catch (error) {
        // A wrong code on a live challenge is a failed sign-in of a known admin; a 429 is refused
        // before any check, and recording those would let a flood grow the log without bound.
        const adminId = await failedAdmin(error, request.body.mfa_token);
        if (adminId !== undefined) {
          metrics.signIn('admin', 'mfa_failed');
          await audit.record(request, {
            action: 'signin_failed',
            resource: null,
            actor: { adminId },
            detail: { step: 'mfa', method: confirmedWith(request.body) },
          });
        }
        throw error;
      }
      const pair = await deps.tokens.startSession(
        'admin',
        signedIn.adminId,
        clientMeta(request),
        signedIn.method,
      );
      metrics.signIn('admin', 'success');
      await audit.record(request, {
        action: 'signin',
        resource: null,
        actor: { adminId: signedIn.adminId },
        detail: { second_factor: signedIn.method },
      });
      return pair;
    },
  );

  /** Whose challenge a wrong code was given on (undefined unless the code itself was refused). */
  async function failedAdmin(error: unknown, token: string): Promise<number | undefined> {
    if (!(error instanceof AppError) || error.statusCode !== 422 || error.body.kind !== 'fields')
      return undefined;
    const fields = error.body.fields;
    if (!('code' in fields) && !('recovery_code' in fields) && !('webauthn' in fields)) return undefined;
    return mfa.challengeOwner(token);
  }
};

function confirmedWith(body: {
  code?: unknown;
  recovery_code?: unknown;
  webauthn?: unknown;
  password?: unknown;
}): string {
  if (body.code !== undefined) return 'totp';
  if (body.webauthn !== undefined) return 'webauthn';
  return body.recovery_code !== undefined ? 'recovery' : 'password';
}
