import Link from '@mui/material/Link';
import type { Path, UseFormReturn } from 'react-hook-form';
import { FormInputField } from '../../../forms/form-input-field';
import { useTranslation } from '../../../i18n/use-translation';
import { type MfaStepMethod, validateMfaValue } from '../../auth/signin-mfa';
import type { MfaProofValues } from './use-mfa-proof';

/** The authenticator's code or a recovery code, and the link that switches between the two. */
export function FactorCodeInput<V extends MfaProofValues>({
  form,
  method,
  onSwitch,
}: {
  form: UseFormReturn<V>;
  method: MfaStepMethod;
  /** Absent when there is nothing to switch to (no authenticator app: the recovery code only). */
  onSwitch?: () => void;
}) {
  const { t } = useTranslation();
  const totp = method === 'totp';
  // Every form that asks for a factor names these fields so; the generic cannot show it to Path<V>.
  const name = (totp ? 'code' : 'recovery_code') as Path<V>;
  return (
    <>
      <FormInputField
        key={name}
        form={form}
        name={name}
        rules={{ validate: (value) => validateMfaValue(method, String(value)) }}
        label={t(totp ? 'profile.security.proof.code' : 'profile.security.proof.recoveryCode')}
        autoComplete={totp ? 'one-time-code' : 'off'}
        {...(totp ? { inputMode: 'numeric' as const } : {})}
        autoFocus
      />
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={onSwitch}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t(totp ? 'profile.security.proof.useRecovery' : 'profile.security.proof.useCode')}
      </Link>
    </>
  );
}
